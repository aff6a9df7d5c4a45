import { AppError } from "@genui/chassis";
import { openAIError } from "../http/errors";
import { checkKeyUse, requestCost, utcDay, type CatalogueModel, type KeyOwner } from "./access";

const owner = (kind: KeyOwner["kind"]): KeyOwner => ({
  appId: "a",
  ownerId: "o",
  status: "active",
  websiteUrl: "https://shop.example.com/",
  kind,
  allowedOrigin: "https://shop.example.com",
  dailySpendCapMicros: 1_000_000,
  statusAtMs: 0,
  expiresAtMs: kind === "oauth" ? Date.now() + 3_600_000 : 0,
  connectionId: kind === "oauth" ? "c1" : "",
});
const codeOf = (f: () => void) => {
  try {
    f();
    return "allowed";
  } catch (e) {
    // The code the client sees.
    return e instanceof AppError ? openAIError(e.code, e.message).body.error.code : "not an AppError";
  }
};

describe("which key may be used how", () => {
  it("when a secret key comes with an Origin header, then it is refused; without one it may do anything", () => {
    for (const route of ["retrieve", "chat", "models"] as const) {
      expect(codeOf(() => checkKeyUse(owner("secret"), "https://shop.example.com", route))).toBe("secret_key_in_browser");
      expect(codeOf(() => checkKeyUse(owner("secret"), undefined, route))).toBe("allowed");
    }
  });

  it("when a publishable key is used, then only retrieve, the app's look and a stored completion from exactly the app's origin are allowed", () => {
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "retrieve"))).toBe("allowed");
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "appearance"))).toBe("allowed");
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://evil.example.com", "appearance"))).toBe(
      "publishable_key_origin_mismatch",
    );
    expect(codeOf(() => checkKeyUse(owner("secret"), "https://shop.example.com", "appearance"))).toBe("secret_key_in_browser");
    expect(codeOf(() => checkKeyUse(owner("oauth"), undefined, "appearance"))).toBe("oauth_token_route");
    for (const origin of [
      "https://evil.example.com",
      "http://shop.example.com",
      "https://shop.example.com:444",
      "null",
      undefined,
    ])
      expect(codeOf(() => checkKeyUse(owner("publishable"), origin, "retrieve"))).toBe("publishable_key_origin_mismatch");
    // One stored completion read by id (a page drawing its screen): from the app's origin only.
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "completion"))).toBe("allowed");
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://evil.example.com", "completion"))).toBe(
      "publishable_key_origin_mismatch",
    );
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "chat"))).toBe("publishable_key_route");
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "models"))).toBe("publishable_key_route");
    expect(codeOf(() => checkKeyUse(owner("publishable"), "https://shop.example.com", "mcp"))).toBe("publishable_key_route");
  });

  it("when an OAuth access token is used, then it opens the MCP server only, from a browser-based host too", () => {
    expect(codeOf(() => checkKeyUse(owner("oauth"), undefined, "mcp"))).toBe("allowed");
    expect(codeOf(() => checkKeyUse(owner("oauth"), "https://host.example", "mcp"))).toBe("allowed");
    for (const route of ["retrieve", "chat", "models", "completion"] as const)
      expect(codeOf(() => checkKeyUse(owner("oauth"), undefined, route))).toBe("oauth_token_route");
    expect(codeOf(() => checkKeyUse(owner("secret"), undefined, "mcp"))).toBe("allowed");
    expect(codeOf(() => checkKeyUse(owner("secret"), "https://host.example", "mcp"))).toBe("secret_key_in_browser");
  });
});

describe("pricing and days", () => {
  it("when priced, then tokens cost billing's rounded-up micro-dollars", () => {
    const model = { inputPrice: 500_000, outputPrice: 2_000_000 } as CatalogueModel;
    expect(requestCost(model, 10, 16_384)).toBe(5 + 32_768);
    expect(requestCost(model, 0, 0)).toBe(0);
  });

  it("when the day is asked, then it is the UTC date and the seconds left until the next one", () => {
    expect(utcDay(Date.UTC(2025, 4, 14, 23, 59, 30))).toEqual({ day: "2025-05-14", secondsLeft: 30 });
  });
});
