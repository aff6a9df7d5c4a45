import { requestCost, tokenCost, toDollars } from "./pricing";

describe("pricing", () => {
  it("when tokens are priced per million, then the cost is exact micro-dollars rounded up", () => {
    expect(tokenCost(1_000_000, 500_000)).toBe(500_000);
    expect(tokenCost(1, 500_000)).toBe(1);
    expect(tokenCost(3, 333_333)).toBe(1);
    expect(tokenCost(0, 500_000)).toBe(0);
    expect(requestCost(1_000, 2_000, 500_000, 2_000_000)).toBe(500 + 4_000);
  });

  it("when amounts are huge, then nothing overflows", () => {
    expect(tokenCost(10n ** 9n, 10 ** 12)).toBe(10 ** 15);
  });

  it("when shown, then micro-dollars become dollars", () => {
    expect(toDollars(12_345_678)).toBe(12.345678);
  });
});
