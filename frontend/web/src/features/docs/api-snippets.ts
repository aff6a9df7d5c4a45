import { chatSnippets, type SnippetSet, type Snippets } from "./snippets";
import { agentSnippets } from "./api-snippets/agents";
import {
  conversationSnippets,
  errorSnippets,
  modelsSnippets,
  resumeSnippets,
  retrieveSnippets,
  streamSnippets,
  thinkingSnippets,
} from "./api-snippets/api-calling";
import { systemPromptSnippets } from "./api-snippets/system-prompt";
import { webSearchSnippets } from "./api-snippets/tool-calling";

/*
 * The documentation's samples. Every program that calls the API is listed by `runnableSnippets`, which
 * e2e/system/snippets.int.test.ts executes against a running platform (curl through bash, Python in the project's venv with
 * the official `openai` package, Node with the official `openai` package). Fragments that only run inside a
 * framework (React, Next.js, HTML) are plain strings beside them, built from the same origin.
 *
 * They live in ./api-snippets/, one file per section of the docs (programs.ts: what the programs share), and the
 * API's paths in ./api-paths.ts; this module gathers them and lists the programs that call the API.
 */

export { THINKING_MODEL } from "./api-snippets/programs";
export {
  ANSWER_SHAPE,
  ERROR_SHAPE,
  conversationSnippets,
  errorSnippets,
  modelsSnippets,
  resumeSnippets,
  retrieveSnippets,
  streamSnippets,
  thinkingSnippets,
} from "./api-snippets/api-calling";
export { systemPromptSnippets } from "./api-snippets/system-prompt";
export { webSearchSnippets } from "./api-snippets/tool-calling";
export { agentSnippets } from "./api-snippets/agents";
export { PACKAGE_NAME, renderingSnippets, type RenderingSnippets } from "./api-snippets/rendering";
export { appearanceSnippets, type AppearanceSnippets } from "./api-snippets/appearance";

export type RunnableLanguage = "bash" | "python" | "javascript";

export interface RunnableSnippet {
  /** `<group>.<language>`, e.g. `stream.python`. */
  id: string;
  language: RunnableLanguage;
  code: string;
}

/** The groups of programs that call the API, by name (the docs' tabs and the test's list come from here). */
export function apiSnippetGroups(origin: string): Record<string, SnippetSet> {
  return {
    chat: chatSnippets(origin),
    stream: streamSnippets(origin),
    resume: resumeSnippets(origin),
    conversation: conversationSnippets(origin),
    thinking: thinkingSnippets(origin),
    retrieve: retrieveSnippets(origin),
    models: modelsSnippets(origin),
    errors: errorSnippets(origin),
    systemPrompt: systemPromptSnippets(origin),
    webSearch: webSearchSnippets(origin),
    agent: agentSnippets(origin),
  };
}

const LANGUAGE_OF: Record<keyof Snippets, RunnableLanguage> = { curl: "bash", python: "python", javascript: "javascript" };

/** Every program shown on the landing page and in the docs that calls the API (executed by the snippets test). */
export function runnableSnippets(origin: string): RunnableSnippet[] {
  return Object.entries(apiSnippetGroups(origin)).flatMap(([group, set]) =>
    (Object.keys(LANGUAGE_OF) as (keyof Snippets)[]).flatMap((lang) => {
      const code = set[lang];
      return code === undefined ? [] : [{ id: `${group}.${lang}`, language: LANGUAGE_OF[lang], code }];
    }),
  );
}
