import { LATEST_PROTOCOL_VERSION } from "@modelcontextprotocol/sdk/types.js";
import { eventually } from "./eventually";

/**
 * What the OAuth tests ask of the MCP server with a token: MCP's `initialize` on /mcp as a host sends it first, and
 * the wait for a revoked token to be refused (the tokens' caches forget it when the app's key event passes by).
 */

/** MCP's `initialize` on `<base>/mcp` with the token: the status the MCP server answers (200, or 401 refused). */
export async function mcpInitialize(base: string, token: string, clientName = "oauth-test"): Promise<number> {
  const res = await fetch(`${base}/mcp`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${token}`,
      accept: "application/json, text/event-stream",
      "content-type": "application/json",
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "initialize",
      params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: clientName, version: "1.0.0" } },
    }),
  });
  await res.body?.cancel();
  return res.status;
}

/** Waits (up to 60 s) for the token to be refused on /mcp; resolves the last status seen. */
export const refusedOnMcp = (base: string, token: string): Promise<number> =>
  eventually(
    () => mcpInitialize(base, token),
    (s) => s === 401,
    60_000,
  );
