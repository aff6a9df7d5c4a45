import { centsToMicros, decimalToMinor, minorToDecimal, parseUsdAmount, payMinor } from "./money";

describe("top-up amounts", () => {
  const bounds = { minUsd: 10, maxUsd: 5_000 };

  it("when the amount is a number or a numeric string within bounds, then it is whole cents", () => {
    expect(parseUsdAmount(10, bounds)).toEqual({ cents: 1_000 });
    expect(parseUsdAmount("25.5", bounds)).toEqual({ cents: 2_550 });
    expect(parseUsdAmount(" 4999.99 ", bounds)).toEqual({ cents: 499_999 });
    expect(parseUsdAmount(19.99, bounds)).toEqual({ cents: 1_999 });
  });

  it("when the amount is not usable, then a message says why", () => {
    expect(parseUsdAmount(undefined, bounds)).toEqual({ error: "Enter an amount in US dollars." });
    expect(parseUsdAmount("", bounds)).toEqual({ error: "Enter an amount in US dollars." });
    expect(parseUsdAmount("ten", bounds)).toEqual({ error: "Amount must be a number." });
    expect(parseUsdAmount("1e400", bounds)).toEqual({ error: "Amount must be a number." });
    expect(parseUsdAmount({}, bounds)).toEqual({ error: "Enter an amount in US dollars." });
    expect(parseUsdAmount(0, bounds)).toEqual({ error: "Amount must be greater than zero." });
    expect(parseUsdAmount(-5, bounds)).toEqual({ error: "Amount must be greater than zero." });
    expect(parseUsdAmount(10.001, bounds)).toEqual({ error: "Amount can have at most two decimals." });
    expect(parseUsdAmount(9.99, bounds)).toEqual({ error: "Minimum top-up is $10." });
    expect(parseUsdAmount(5_000.01, bounds)).toEqual({ error: "Maximum top-up is $5000." });
  });

  it("when no minimum is given (quoting while typing), then small amounts pass", () => {
    expect(parseUsdAmount(1, { maxUsd: 5_000 })).toEqual({ cents: 100 });
  });

  it("when converting, then INR is rounded to paise and providers' decimals round-trip", () => {
    expect(payMinor(1_000, "USD", 1)).toBe(1_000);
    expect(payMinor(1_000, "INR", 84.5)).toBe(84_500);
    expect(payMinor(1_001, "INR", 83.333)).toBe(83_416);
    expect(minorToDecimal(84_500)).toBe("845.00");
    expect(minorToDecimal(1_005)).toBe("10.05");
    expect(decimalToMinor("845.00")).toBe(84_500);
    expect(decimalToMinor(845.5)).toBe(84_550);
    expect(decimalToMinor("8.4.5")).toBeNaN();
    expect(centsToMicros(1_000)).toBe(10_000_000);
  });
});
