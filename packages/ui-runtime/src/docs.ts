import { z } from "zod";
import { CATALOGUE, CATEGORY_TITLES, ICONS, dslName, type Category } from "./catalogue";

const VALUE_TEXT: Record<string, string> = {
  none: "—",
  text: "text",
  number: "number",
  boolean: "true / false",
  rows: "list of row objects",
  items: "list of items",
  object: "object (or list of { key, value })",
  labels: "list of labels",
};

function propType(schema: unknown): string {
  const j = z.toJSONSchema(schema as z.ZodType, { unrepresentable: "any" }) as Record<string, unknown>;
  const describe = (s: Record<string, unknown>): string => {
    if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" \\| ");
    if (Array.isArray(s.anyOf)) return (s.anyOf as Record<string, unknown>[]).map(describe).join(" \\| ");
    if (s.type === "array") return `${describe((s.items as Record<string, unknown>) ?? {})}[]`;
    if (s.type === "object") return "object";
    if (s.type === "integer" || s.type === "number") {
      const range = s.minimum !== undefined || s.maximum !== undefined ? ` ${s.minimum ?? ""}–${s.maximum ?? ""}` : "";
      return `${s.type}${range}`;
    }
    return typeof s.type === "string" ? s.type : "any";
  };
  return describe(j);
}

/** The component reference (docs/components.md), generated from the catalogue so it cannot drift. */
export function catalogueMarkdown(): string {
  const out: string[] = [
    "# Component catalogue",
    "",
    "<!-- Generated from packages/ui-runtime/src/catalogue.ts by `npm run docs:components`; a test keeps it current. -->",
    "",
    "Every component of screen JSON v1, with its value, props, the actions it reports, and an example in UI code and",
    "in JSON. Every component also takes `name`, `style` (in props), `animation` and the actions listed. Machine-readable:",
    "`/apps/api/v1/schema/catalogue.json`; the screen schema: `/apps/api/v1/schema/screen.v1.json`.",
    "",
  ];
  for (const category of Object.keys(CATEGORY_TITLES) as Category[]) {
    out.push(`## ${CATEGORY_TITLES[category]}`, "");
    for (const e of CATALOGUE.filter((x) => x.category === category)) {
      out.push(`### \`${e.type}\``, "", e.description, "");
      out.push(
        `- UI code: \`${dslName(e.type)}(…)\`; value: ${VALUE_TEXT[e.value]}${e.valueDescription ? ` (${e.valueDescription})` : ""}` +
          `${e.container ? "; takes children" : ""}${e.actions.length ? `; reports ${e.actions.map((a) => `\`${a}\``).join(", ")}` : ""}`,
      );
      const shape = e.props.shape as Record<string, z.ZodType>;
      const keys = Object.keys(shape);
      if (keys.length) {
        out.push("", "| prop | type | required |", "|---|---|---|");
        for (const k of keys)
          out.push(`| \`${k}\` | ${propType(shape[k])} | ${shape[k]!.safeParse(undefined).success ? "" : "yes"} |`);
      }
      out.push("", "```js", e.code, "```", "", "```json", JSON.stringify(e.example), "```", "");
    }
  }
  out.push("## Icons", "", ICONS.map((i) => `\`${i}\``).join(", "), "");
  return out.join("\n");
}
