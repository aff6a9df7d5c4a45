import { countTokens as countO200k } from "gpt-tokenizer/encoding/o200k_base";
import type { ChatTurn } from "./provider";

/**
 * Token counts with a real BPE tokenizer (o200k_base, the vocabulary of current OpenAI models), so what the offline
 * generator and an upstream that reports no usage are billed for is what a model would have counted.
 *
 * gpt-tokenizer keeps the vocabulary compactly: about 69 MiB resident where js-tiktoken's tables took 133 MiB, its
 * first count after 0.14 s instead of 0.75 s, and a quarter of the CPU per count (`npm run bench:tokenizer`;
 * `tokens.test.ts` checks its counts against js-tiktoken's on a corpus; docs/performance.md, "The worker's tokenizer").
 *
 * Text is counted as text: a special token's spelling in a prompt or in code (`<|endoftext|>`) is counted as the
 * ordinary tokens it is made of, as a model's API counts what a user sends; the tokenizer's default would refuse it.
 */
const ORDINARY = { disallowedSpecial: new Set<string>() };

export function countTokens(text: string): number {
  if (!text) return 0;
  return countO200k(text, ORDINARY);
}

/** Per-message overhead as OpenAI's chat format counts it: 3 tokens a message plus 3 priming the answer. */
export function countChatTokens(messages: readonly ChatTurn[]): number {
  let n = 3;
  for (const m of messages) n += 3 + countTokens(m.role) + countTokens(m.content);
  return n;
}
