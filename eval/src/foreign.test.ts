import { foreignFacts, loadForeignPairs, pairsFor } from "./foreign";

describe("another subject's content on a screen", () => {
  const pairs = loadForeignPairs();

  it("when a cookie recipe shows the fallback spaghetti, then the spaghetti is reported; the cookies' own words are not", () => {
    const request = "a recipe for chocolate chip cookies";
    expect(foreignFacts(pairs, request, ["Chocolate chip cookies", "400 g Spaghetti", "cook until al dente"])).toEqual([
      "a recipe that is not a pasta dish: Spaghetti",
      "a recipe that is not a pasta dish: al dente",
    ]);
    expect(foreignFacts(pairs, request, ["Chocolate chip cookies", "170 g Chocolate chips"])).toEqual([]);
  });

  it("when the request names the subject the facts belong to, then they are its own, not foreign", () => {
    expect(pairsFor(pairs, "a recipe for spaghetti with tomato sauce").map((p) => p.subject)).not.toContain(
      "a recipe that is not a pasta dish",
    );
    expect(foreignFacts(pairs, "a general knowledge quiz", ["Which planet is known as the Red Planet?"])).toEqual([]);
    // A fact the request itself writes is the user's.
    expect(foreignFacts(pairs, "a quiz about capitals and the Red Planet", ["Red Planet"])).toEqual([]);
  });

  it("when a capitals quiz shows general-knowledge trivia or an order page shows SaaS metrics, then each fact is reported", () => {
    expect(foreignFacts(pairs, "a quiz about world capitals", ["How many continents are there?", "Paris"])).toEqual([
      "a quiz on a subject other than general knowledge: How many continents are there",
    ]);
    expect(
      foreignFacts(pairs, "an order status page for order #4821 shipped yesterday", ["Monthly recurring revenue", "Churn"]),
    ).toEqual([
      "an order's status or a parcel's tracking: Monthly recurring revenue",
      "an order's status or a parcel's tracking: Churn",
    ]);
  });

  it("when phone plans show generic software features, then they are reported", () => {
    expect(foreignFacts(pairs, "a comparison of three phone plans", ["Works with your tools", "5 GB data"])).toEqual([
      "phone, broadband, streaming or gym plans (not software): Works with your tools",
    ]);
  });
});
