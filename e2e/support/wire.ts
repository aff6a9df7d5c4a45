import type { App, Template } from "@genui/contracts/http";

/** The apps service's answers as the tests read them: the contract's App and Template (SPEC §3). */
export type AppRow = App;
export type TemplateRow = Template;
