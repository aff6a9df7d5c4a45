import { withThousands } from "./numbers";

describe("withThousands", () => {
  it("when given integers of every length and sign, then it writes what toLocaleString('en-US') writes", () => {
    const values = [0, -0, 1, -1, 7, 12, 999, 1000, -1000, 1290, 65_536, 999_999, 1_000_000, -123_456_789];
    for (let d = 1; d <= 16; d++) values.push(10 ** d - 1, 10 ** d, -(10 ** d) + 1, Number("8071625394837261".slice(0, d)));
    values.push(Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER);
    for (const v of values) expect(withThousands(v)).toBe(v.toLocaleString("en-US"));
  });

  it("when given a fraction, an unsafe integer or no number, then Intl writes it", () => {
    for (const v of [1234.5678, -0.5, 2 ** 60, 1e21, NaN, Infinity, -Infinity])
      expect(withThousands(v)).toBe(v.toLocaleString("en-US"));
  });
});
