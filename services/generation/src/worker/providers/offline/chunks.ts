import { countTokens } from "../tokens";
import { Rng } from "@genui/planner";

/**
 * Cutting text into token-sized pieces the way a model streams it: each piece about `min`–`max` tokens (the target
 * varies with a seed, so pieces are not uniform), measured with the real tokenizer. Cuts may fall anywhere — inside
 * a string or a word — except inside a surrogate pair.
 */

export interface Piece {
  text: string;
  /** Tokens in this piece on its own. */
  tokens: number;
}

/** Moves `n` code points forward from `i`. */
function advance(s: string, i: number, n: number): number {
  let j = i;
  for (let k = 0; k < n && j < s.length; k++) {
    const c = s.charCodeAt(j);
    j += c >= 0xd800 && c <= 0xdbff && j + 1 < s.length ? 2 : 1;
  }
  return j;
}

/** The end of the piece starting at `start` that comes closest to `target` tokens without going over `max`. */
function cut(s: string, start: number, target: number, min: number, max: number): { end: number; tokens: number } {
  let end = start;
  let tokens = 0;
  while (end < s.length && tokens < target) {
    // Text runs at two or more characters a token, so this step rarely overshoots; when it does, go char by char.
    const wide = advance(s, end, Math.max(1, (target - tokens) * 2));
    const wideTokens = countTokens(s.slice(start, wide));
    if (wideTokens <= target) {
      end = wide;
      tokens = wideTokens;
      continue;
    }
    const one = advance(s, end, 1);
    const oneTokens = countTokens(s.slice(start, one));
    if (oneTokens <= target || end === start || (tokens < min && oneTokens <= max)) {
      end = one;
      tokens = oneTokens;
      if (oneTokens > target) break;
      continue;
    }
    break;
  }
  return { end, tokens };
}

/** The pieces of `text`, in order; their concatenation is `text`. */
export function* pieces(text: string, seed: number, min = 3, max = 8): Generator<Piece> {
  const rng = new Rng(seed);
  let at = 0;
  while (at < text.length) {
    const { end, tokens } = cut(text, at, rng.int(min, max), min, max);
    yield { text: text.slice(at, end), tokens };
    at = end;
  }
}
