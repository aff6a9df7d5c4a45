import { AnswerLog } from "./answer-log";

describe("a resumable answer's reader tokens", () => {
  it("when many are cut (the random pool refilled several times over), then each is 12 base64url characters and none repeats", () => {
    const tokens = Array.from({ length: 5_000 }, () => AnswerLog.reader());
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
