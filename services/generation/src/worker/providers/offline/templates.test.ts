import { createNodeEvaluator } from "@genui/ui-runtime/node";
import type { AppTemplate } from "../provider";
import { matchTemplate } from "./templates";

const ORDER_STATUS: AppTemplate = {
  name: "Order status",
  description: "Where a customer's order is, with its items and delivery date",
  code: 'screen("Order status")\nheading("Your order")\nprogress(60, {label: "On its way"})\nbutton("Track parcel", {onPress: "track"})',
};
const RETURNS: AppTemplate = {
  name: "Returns form",
  description: "Start a return for an item",
  code: 'heading("Return an item")',
};

const user = (content: string) => [{ role: "user" as const, content }];

describe("the offline generator and an app's published templates", () => {
  it("when the request names a template, then that template's code is the answer", () => {
    const r = matchTemplate([RETURNS, ORDER_STATUS], user("Show me the Order status for order 1234"));
    expect(r).toMatchObject({ code: ORDER_STATUS.code, intent: "template:Order status" });
    expect(r!.reasoning.every((l) => l.endsWith("\n"))).toBe(true);
  });

  it("when the request shares most of a template's name and enough of its words, then the template answers", () => {
    expect(matchTemplate([ORDER_STATUS, RETURNS], user("where is my order? what's its status and delivery date"))?.code).toBe(
      ORDER_STATUS.code,
    );
  });

  it("when nothing fits, or the last turn is an action, or there are no templates, then no template is used", () => {
    expect(matchTemplate([ORDER_STATUS, RETURNS], user("a weather screen for Paris"))).toBeUndefined();
    expect(
      matchTemplate([ORDER_STATUS], user('{"type":"onPress","component":{"name":"track","value":"Track parcel"}}')),
    ).toBeUndefined();
    expect(matchTemplate([], user("order status"))).toBeUndefined();
    expect(matchTemplate(undefined, user("order status"))).toBeUndefined();
  });

  it("when a template answers, then its code is the owner's and evaluates as a screen", async () => {
    const evaluator = createNodeEvaluator();
    try {
      const r = await evaluator.evaluate(matchTemplate([ORDER_STATUS], user("order status please"))!.code);
      expect(r.ok && r.screen.screen.v1.map((c) => c.component)).toEqual(["heading", "progress", "button"]);
    } finally {
      evaluator.dispose();
    }
  });
});
