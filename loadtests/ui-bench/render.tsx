import { ScreenView, injectStyles } from "@genui/react-renderer";
import type { ComponentNode, Screen } from "@genui/ui-runtime";
import { flushSync } from "react-dom";
import { createRoot } from "react-dom/client";

// Time to render a 300-component screen (React commit plus layout), against a baseline measured in the same run:
// creating the same number of plain DOM elements with their text and laying them out.
const make = (i: number): ComponentNode[] => [
  { name: `h${i}`, component: "heading", value: `Section ${i}`, props: { level: 2 } },
  { name: `t${i}`, component: "text", value: `Row ${i} of the benchmark screen with some words in it.` },
  { name: `s${i}`, component: "stat", value: i * 10, props: { label: "Value", delta: 1.5 } },
  { name: `b${i}`, component: "badge", value: "ok", props: { tone: "success" } },
  { name: `p${i}`, component: "progress", value: i % 100, props: { label: "Progress" } },
  { name: `i${i}`, component: "textInput", props: { label: `Field ${i}` } },
  { name: `k${i}`, component: "keyValue", value: { a: 1, b: "two" } },
  { name: `l${i}`, component: "list", value: ["one", "two"] },
  { name: `g${i}`, component: "button", value: "Go", onPress: "go" },
];
// 30 cards × (1 card + 9 children) = 300 components.
const screen: Screen = {
  name: "bench",
  screen: {
    v1: Array.from({ length: 30 }, (_, i) => ({ name: `c${i}`, component: "card", value: `Card ${i}`, content: make(i) })),
  },
};
const count = (n: ComponentNode[]): number => n.reduce((s, c) => s + 1 + count(c.content ?? []), 0);
const quantile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(p * xs.length))]!;

function run() {
  injectStyles(document);
  const stage = document.getElementById("stage")!;
  const renders: number[] = [];
  const commits: number[] = [];
  const baseline: number[] = [];
  for (let k = 0; k < 25; k++) {
    const host = document.createElement("div");
    stage.appendChild(host);
    const t = performance.now();
    const root = createRoot(host);
    flushSync(() => root.render(<ScreenView screen={screen} theme="light" />));
    const committed = performance.now() - t;
    void host.offsetHeight;
    const ms = performance.now() - t;
    if (k >= 5) {
      renders.push(ms);
      commits.push(committed);
    }
    root.unmount();
    host.remove();

    const plain = document.createElement("div");
    stage.appendChild(plain);
    const b = performance.now();
    for (let i = 0; i < 300; i++) {
      const el = document.createElement(i % 10 === 0 ? "section" : "p");
      el.textContent = `Element ${i}`;
      plain.appendChild(el);
    }
    void plain.offsetHeight;
    if (k >= 5) baseline.push(performance.now() - b);
    plain.remove();
  }
  return {
    components: count(screen.screen.v1),
    renderP50Ms: quantile(renders, 0.5),
    renderP95Ms: quantile(renders, 0.95),
    commitP50Ms: quantile(commits, 0.5),
    baselineP50Ms: quantile(baseline, 0.5),
  };
}

try {
  (window as unknown as { __bench: unknown }).__bench = run();
} catch (err) {
  (window as unknown as { __bench: unknown }).__bench = { error: String(err) };
}
