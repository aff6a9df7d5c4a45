import { capAsText, updateAppInput } from "./validation";

const parse = (v: unknown) => updateAppInput.safeParse(v === undefined ? {} : { daily_spend_cap: v });
const message = (v: unknown) => {
  const r = parse(v);
  return r.success ? undefined : r.error.issues.map((i) => [i.path.join("."), i.message]);
};

describe("the daily spend cap field", () => {
  it("when given dollars as a number or a decimal string, then it is held in micro-dollars", () => {
    expect(parse("0.10").data).toEqual({ dailySpendCapMicros: 100_000 });
    expect(parse(5).data).toEqual({ dailySpendCapMicros: 5_000_000 });
    expect(parse(" 12.5 ").data).toEqual({ dailySpendCapMicros: 12_500_000 });
    expect(parse("0").data).toEqual({ dailySpendCapMicros: 0 });
    expect(parse("10000.00").data).toEqual({ dailySpendCapMicros: 10_000_000_000 });
    expect(capAsText(100_000)).toBe("0.10");
  });

  it("when the value is missing, not a number, negative, too precise or too large, then the field says why", () => {
    expect(message(undefined)).toEqual([["daily_spend_cap", "This field is required."]]);
    expect(message(null)).toEqual([["daily_spend_cap", "This field may not be null."]]);
    for (const v of ["abc", "", "1e3", true, [], {}, Number.NaN])
      expect(message(v)).toEqual([["daily_spend_cap", "A valid number is required."]]);
    expect(message("-1")).toEqual([["daily_spend_cap", "Ensure this value is greater than or equal to 0."]]);
    expect(message("0.001")).toEqual([["daily_spend_cap", "Ensure that there are no more than 2 decimal places."]]);
    expect(message("10000.01")).toEqual([["daily_spend_cap", "Ensure this value is less than or equal to 10000."]]);
  });
});

describe("the stored completions setting", () => {
  const settings = (body: Record<string, unknown>) => updateAppInput.safeParse(body);

  it("when it is a boolean, alone or with the cap, then it is held as given", () => {
    expect(settings({ store_completions: true }).data).toEqual({ storeCompletions: true });
    expect(settings({ store_completions: false }).data).toEqual({ storeCompletions: false });
    expect(settings({ store_completions: true, daily_spend_cap: "2" }).data).toEqual({
      storeCompletions: true,
      dailySpendCapMicros: 2_000_000,
    });
  });

  it("when it is not a boolean, then the field says so and nothing else is read", () => {
    for (const v of ["true", 1, [], {}])
      expect(
        settings({ store_completions: v, daily_spend_cap: "2" }).error?.issues.map((i) => [i.path.join("."), i.message]),
      ).toEqual([["store_completions", "Must be a valid boolean."]]);
    expect(settings({ store_completions: null }).error?.issues[0]?.message).toBe("This field may not be null.");
  });

  it("when it comes with a bad cap, then the cap is refused (the setting does not excuse it)", () => {
    expect(settings({ store_completions: true, daily_spend_cap: "abc" }).error?.issues[0]?.path).toEqual(["daily_spend_cap"]);
  });
});
