import type { AppTemplate, ChatTurn } from "../provider";
import { readConversation } from "./conversation";
import type { ComposedScreen } from "./compose";

const STOP = new Set([
  "the",
  "and",
  "for",
  "with",
  "that",
  "this",
  "from",
  "page",
  "screen",
  "show",
  "make",
  "build",
  "create",
  "please",
  "want",
  "need",
  "template",
]);

const words = (text: string): Set<string> =>
  new Set(
    text
      .toLowerCase()
      .normalize("NFKD")
      .replace(/[^\p{L}\p{N}\s]/gu, " ")
      .split(/\s+/)
      .filter((w) => w.length >= 3 && !STOP.has(w)),
  );

/**
 * The app's published template that fits the request, if any: the request names the template, or shares most of its
 * name's words (and at least two words of its name and description). Actions sent back are answered as usual.
 */
export function matchTemplate(
  templates: readonly AppTemplate[] | undefined,
  messages: readonly ChatTurn[],
): ComposedScreen | undefined {
  if (!templates?.length) return undefined;
  const conv = readConversation(messages);
  if (conv.action || !conv.request.trim()) return undefined;
  const request = conv.request.toLowerCase();
  const asked = words(conv.request);
  let best: { template: AppTemplate; score: number } | undefined;
  for (const template of templates) {
    const name = template.name.trim().toLowerCase();
    const nameWords = words(template.name);
    const allWords = new Set([...nameWords, ...words(template.description)]);
    const shared = [...allWords].filter((w) => asked.has(w)).length;
    const sharedName = [...nameWords].filter((w) => asked.has(w)).length;
    const named = name.length >= 3 && request.includes(name);
    const fits = named || (shared >= 2 && nameWords.size > 0 && sharedName / nameWords.size >= 0.5);
    if (!fits) continue;
    const score = (named ? 100 : 0) + shared;
    if (!best || score > best.score) best = { template, score };
  }
  if (!best) return undefined;
  const { template } = best;
  return {
    code: template.code.trim(),
    intent: `template:${template.name}`,
    reasoning: [
      `The app has a published template "${template.name}" that fits this request.\n`,
      "Answering with it, as the app's owner designed it.\n",
    ],
  };
}
