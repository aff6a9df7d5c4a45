import { routesOf } from "@genui/contracts/http";
import type { RequestHandler } from "express";
import { operationRouter, type Handlers } from "./routes";

const ok: RequestHandler = (_req, res) => void res.end();
/** A handler for every row of billing's (a real server's rows). */
const full = () => Object.fromEntries(routesOf("billing").map((r) => [r.id, ok])) as Handlers<"billing">;

describe("mounting a server's rows of the route table", () => {
  it("when every row has a handler, then each is mounted at its method and path", () => {
    const router = operationRouter("billing", full());
    const mounted = (router.stack as { route?: { path: string; methods: Record<string, boolean> } }[])
      .map((l) => l.route)
      .filter(Boolean)
      .map((r) => `${Object.keys(r!.methods)[0]!.toUpperCase()} ${r!.path}`);
    expect(mounted.sort()).toEqual(
      routesOf("billing")
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
  });

  it("when a row has no handler, then the router is refused naming it", () => {
    const handlers = full() as Record<string, RequestHandler>;
    delete handlers["billing.balance"];
    expect(() => operationRouter("billing", handlers as Handlers<"billing">)).toThrow(/no handler for billing\.balance/);
  });

  it("when a handler names no row of the server, then the router is refused naming it", () => {
    const handlers = { ...full(), "billing.refund": ok } as Handlers<"billing">;
    expect(() => operationRouter("billing", handlers)).toThrow(/no row for billing\.refund/);
  });

  it("when only some ids are asked for, then only those are mounted (the table is still checked whole)", () => {
    const router = operationRouter("billing", full(), ["billing.balance"]);
    expect(router.stack.map((l) => (l as { route?: { path: string } }).route?.path)).toEqual(["/billing/api/v1/balance"]);
  });
});
