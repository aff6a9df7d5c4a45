import { Tiktoken } from "js-tiktoken/lite";
import o200kBase from "js-tiktoken/ranks/o200k_base";
import type { ChatTurn } from "./provider";

/**
 * Token counts with a real BPE tokenizer (o200k_base, the vocabulary of current OpenAI models), so what the offline
 * generator and an upstream that reports no usage are billed for is what a model would have counted.
 */
let encoder: Tiktoken | undefined;
const enc = (): Tiktoken => (encoder ??= new Tiktoken(o200kBase));

export function countTokens(text: string): number {
  if (!text) return 0;
  return enc().encode(text).length;
}

/** Per-message overhead as OpenAI's chat format counts it: 3 tokens a message plus 3 priming the answer. */
export function countChatTokens(messages: readonly ChatTurn[]): number {
  let n = 3;
  for (const m of messages) n += 3 + countTokens(m.role) + countTokens(m.content);
  return n;
}
