/**
 * Streaming: a prefix of UI code (cut anywhere, mid-string or mid-call) is turned into code that parses, so a
 * streamed answer renders as it arrives. `closePrefix` scans the prefix (strings, template strings, comments,
 * brackets), closes an unterminated string (so text appears as it is typed), drops a trailing incomplete token
 * (`butt`, `{ label:`, `1.`, a dangling comma or operator), then closes the open brackets. It answers candidates,
 * best first: the whole prefix closed, then the prefix cut back to the last complete element.
 */

const CLOSER: Record<string, string> = { "(": ")", "[": "]", "{": "}" };
const LITERALS = new Set(["true", "false", "null", "undefined"]);

interface Scan {
  /** The text kept (comment in progress removed; unterminated string closed). */
  text: string;
  /** Open brackets, innermost last. */
  stack: string[];
  /** Offsets just after a `,` or a closing bracket, with the stack depth there (safe places to cut back to). */
  cuts: { at: number; depth: number }[];
}

function scan(code: string): Scan {
  const stack: string[] = [];
  const cuts: { at: number; depth: number }[] = [];
  let i = 0;
  let text = code;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === "/" && code[i + 1] === "/") {
      const nl = code.indexOf("\n", i);
      if (nl === -1) {
        text = code.slice(0, i);
        break;
      }
      i = nl + 1;
      continue;
    }
    if (ch === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      if (end === -1) {
        text = code.slice(0, i);
        break;
      }
      i = end + 2;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") {
      let j = i + 1;
      let closed = false;
      while (j < code.length) {
        const c = code[j]!;
        if (c === "\\") {
          j += 2;
          continue;
        }
        if (c === ch) {
          closed = true;
          break;
        }
        if (c === "\n" && ch !== "`") break;
        if (ch === "`" && c === "$" && code[j + 1] === "{") break;
        j++;
      }
      if (!closed) {
        // An unterminated string: keep what was typed (minus a dangling escape) and close it.
        let body = code.slice(i + 1, Math.min(j, code.length));
        if (j > code.length || /(^|[^\\])(\\\\)*\\$/.test(body)) body = body.replace(/\\$/, "");
        if (ch === "`") body = body.replace(/\$\{[^}]*$/, "").replace(/\$$/, "");
        text = code.slice(0, i) + ch + body + ch;
        return { text, stack, cuts };
      }
      i = j + 1;
      continue;
    }
    if (ch === "(" || ch === "[" || ch === "{") stack.push(ch);
    else if (ch === ")" || ch === "]" || ch === "}") {
      if (stack.length && CLOSER[stack[stack.length - 1]!] === ch) stack.pop();
      cuts.push({ at: i + 1, depth: stack.length });
    } else if (ch === ",") cuts.push({ at: i + 1, depth: stack.length });
    i++;
  }
  return { text, stack, cuts };
}

/** Drops what cannot end an expression: dangling commas, colons with their key, operators, partial words. */
function trimTail(text: string, stack: string[]): string {
  // Only the end can be incomplete: work on a window of it (the patterns anchor at the end; on the whole text some
  // of them would cost time proportional to its length, every chunk).
  const cut = Math.max(0, text.length - 400);
  return text.slice(0, cut) + trimWindow(text.slice(cut), stack);
}

function trimWindow(text: string, stack: string[]): string {
  let t = text;
  for (let guard = 0; guard < 8; guard++) {
    const before = t;
    t = t.replace(/\s+$/, "");
    if (/[,;]$/.test(t)) t = t.slice(0, -1);
    // `key:` or `"key":` with no value yet: drop the key too.
    t = t.replace(/(?:[A-Za-z_$][\w$]*|"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*')\s*:\s*$/, "");
    // Operators and dots that need something after them.
    t = t.replace(/(?:=>|[=+\-*/%&|^!<>?.~]|\.\.\.)\s*$/, "");
    // A partial number (`1.` `2e` `3e+`).
    t = t.replace(/(\d)(?:\.|[eE][+-]?)$/, "$1");
    // A trailing bare word is a name being typed (`butt`), unless it is a literal or ends a call's name with `(` next.
    const word = /([A-Za-z_$][\w$]*)$/.exec(t);
    if (word && !LITERALS.has(word[1]!) && !/\.\s*[A-Za-z_$][\w$]*$/.test(t)) {
      const top = stack[stack.length - 1];
      // In an object, a lone word is a key without its value; elsewhere a half-typed function name.
      if (top === "{" || top === "[" || top === "(" || top === undefined) t = t.slice(0, -word[1]!.length);
    }
    if (t === before) break;
  }
  return t;
}

function close(text: string): string | undefined {
  const s = scan(text);
  const tail = trimTail(s.text, s.stack);
  // Brackets opened in the trimmed-away tail are no longer open: rescan the kept text.
  const kept = scan(tail);
  if (kept.text !== tail) return undefined;
  const closers = [...kept.stack]
    .reverse()
    .map((o) => CLOSER[o])
    .join("");
  return `${tail}${closers}`;
}

/**
 * Candidates, best first, made only as they are asked for: usually the first evaluates and the fallbacks (the
 * prefix cut back to its last complete elements) are never computed.
 */
export function* prefixCandidates(code: string, max = 3): Generator<string> {
  let produced = 0;
  let shortest = Infinity;
  const first = close(code);
  if (first !== undefined) {
    produced++;
    shortest = first.length;
    yield first;
  }
  const { cuts } = scan(code);
  for (let k = cuts.length - 1; k >= 0 && produced < max; k--) {
    const c = close(code.slice(0, cuts[k]!.at));
    if (c !== undefined && c.length < shortest) {
      produced++;
      shortest = c.length;
      yield c;
    }
  }
}

/** Every candidate at once (see `prefixCandidates`). */
export const closePrefix = (code: string, max = 3): string[] => [...prefixCandidates(code, max)];

const CONTINUATIONS = new Set(["else", "catch", "finally", "while", "in", "of", "instanceof"]);

/**
 * Where complete top-level statements end in streamed code, scanning from `from` (a previous boundary): the offset
 * just after the last `;` at the top level, or after a line break at the top level when the line ended a value (a
 * closing bracket, a string, a number or a name) and the next line has begun with a name that does not continue the
 * statement (`else`, `catch`, …). Code before the boundary will not change as more arrives, so a stream evaluates
 * it once. Conservative: when unsure it does not advance.
 */
export function commitBoundary(code: string, from = 0): number {
  let depth = 0;
  let boundary = from;
  let last = ""; // the last significant character at any depth
  let i = from;
  while (i < code.length) {
    const ch = code[i]!;
    if (ch === "/" && code[i + 1] === "/") {
      const nl = code.indexOf("\n", i);
      if (nl === -1) break;
      i = nl;
      continue;
    }
    if (ch === "/" && code[i + 1] === "*") {
      const end = code.indexOf("*/", i + 2);
      if (end === -1) break;
      i = end + 2;
      continue;
    }
    if (ch === '"' || ch === "'" || ch === "`") {
      let j = i + 1;
      while (j < code.length && code[j] !== ch) {
        if (code[j] === "\\") j++;
        else if (ch !== "`" && code[j] === "\n") break;
        else if (ch === "`" && code[j] === "$" && code[j + 1] === "{") return boundary;
        j++;
      }
      if (j >= code.length || code[j] !== ch) return boundary;
      last = ch;
      i = j + 1;
      continue;
    }
    if (ch === "(" || ch === "[" || ch === "{") depth++;
    else if (ch === ")" || ch === "]" || ch === "}") depth = Math.max(0, depth - 1);
    if (depth === 0 && ch === ";") boundary = i + 1;
    else if (depth === 0 && ch === "\n" && /[)\]}"'`\w$]/.test(last)) {
      const rest = /^\s*([A-Za-z_$][\w$]*|\/[/*])/.exec(code.slice(i + 1, i + 200));
      if (rest && !CONTINUATIONS.has(rest[1]!) && code.length > i + 1 + rest[0].length) boundary = i + 1;
    }
    if (!/\s/.test(ch)) last = ch;
    i++;
  }
  return boundary;
}
