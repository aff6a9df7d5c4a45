import { BLANK, INVALID_URL, normaliseWebsiteUrl } from "./url";

describe("website URL normalisation", () => {
  it.each([
    ["https://Example.COM/", "https://example.com"],
    ["  http://shop.example.com/store/  ", "http://shop.example.com/store"],
    ["example.com", "https://example.com"],
    ["https://example.com:8443/app/#top", "https://example.com:8443/app"],
    ["https://example.com/?ref=x", "https://example.com?ref=x"],
    ["http://localhost:3000/", "http://localhost:3000"],
  ])("when %j is typed, then %j is stored", (input, expected) => {
    expect(normaliseWebsiteUrl(input)).toEqual({ ok: true, url: expected });
  });

  it.each([
    ["   ", BLANK],
    ["ftp://example.com", INVALID_URL],
    ["javascript:alert(1)", INVALID_URL],
    ["not a url", INVALID_URL],
    ["https://user:pw@example.com", INVALID_URL],
    ["https://nodot", INVALID_URL],
  ])("when %j is typed, then it is refused", (input, message) => {
    expect(normaliseWebsiteUrl(input)).toEqual({ ok: false, message });
  });
});
