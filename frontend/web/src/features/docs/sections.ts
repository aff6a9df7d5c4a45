/** The documentation's sections in order (SPEC §2 Docs): the side navigation and the anchors come from here. */
export const DOC_SECTIONS = [
  { id: "introduction", title: "Introduction" },
  { id: "api-calling", title: "Api Calling" },
  { id: "rendering", title: "Rendering" },
  { id: "using-system-prompt", title: "Using System Prompt" },
  { id: "tool-calling", title: "Tool Calling" },
  { id: "using-in-agents", title: "Using In Agents" },
] as const;

export type DocSectionId = (typeof DOC_SECTIONS)[number]["id"];
