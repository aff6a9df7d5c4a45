/**
 * UI code that keeps the sandbox's CPU busy for seconds without ever giving QuickJS's interrupt handler a chance to
 * stop it: the handler is consulted only between bytecodes (and only once every 10,000 of its checks), so one call
 * of a built-in that runs long in C — a naive substring search, Unicode reordering, BigInt arithmetic, a sort or a
 * JSON walk — or a short loop of such calls runs to its end whatever the CPU limit says. Every code ends by putting
 * its result on the screen, so no part of the work can be skipped.
 *
 * The sizes are tuned to stay within the sandbox's memory (32 MiB) while running for seconds, far past its time limit
 * (100 ms), when evaluated in-process (`node loadtests/sandbox-attacks-measure.mjs` measures each one): bounded from
 * outside, each must be answered with the time-limit error (the memory error is as good an answer).
 */

export interface SandboxAttack {
  /** Short unique name (kebab-case). */
  name: string;
  /** What runs long, and why nothing interrupts it. */
  what: string;
  /** UI code (the DSL of @genui/ui-runtime), at most a few hundred characters. */
  code: string;
}

/** The time-limit error's message, as clients read it (`{ error: { message } }` of a 400). */
export const SANDBOX_TIME_LIMIT_MESSAGE = /time limit|interrupted/i;
/** The memory error's message. */
export const SANDBOX_MEMORY_MESSAGE = /memory/i;

/**
 * A haystack of 100,000 "a" ending in "b" and a needle of 50,000 "a" ending in "c": a naive search compares 50,000
 * characters at each of 50,000 places (2.5 billion comparisons) and finds nothing.
 */
const NEEDLE = `var t = "a".repeat(50000) + "c"; var s = "a".repeat(100000) + "b";`;

/**
 * Pairs of combining marks of alternating classes (230, 220) after one letter: canonical reordering sorts the
 * run pair by pair, in time that grows with the square of its length.
 */
const MARKS = (pairs: number) => `var s = "a" + "\\u0301\\u0316".repeat(${pairs});`;

export const SANDBOX_ATTACKS: readonly SandboxAttack[] = [
  {
    name: "string-indexOf",
    what: "String.prototype.indexOf with a long needle that almost matches everywhere",
    code: `${NEEDLE} text(String(s.indexOf(t)))`,
  },
  {
    name: "string-lastIndexOf",
    what: "String.prototype.lastIndexOf with a long needle that almost matches everywhere",
    code: `${NEEDLE} text(String(s.lastIndexOf(t)))`,
  },
  {
    name: "string-includes",
    what: "String.prototype.includes with a long needle that almost matches everywhere",
    code: `${NEEDLE} text(String(s.includes(t)))`,
  },
  {
    name: "string-split",
    what: "String.prototype.split on a long separator that almost matches everywhere",
    code: `${NEEDLE} text(String(s.split(t).length))`,
  },
  {
    name: "string-replace",
    what: "String.prototype.replace of a long pattern string that almost matches everywhere",
    code: `${NEEDLE} text(String(s.replace(t, "x").length))`,
  },
  {
    name: "string-replaceAll",
    what: "String.prototype.replaceAll of a long pattern string that almost matches everywhere",
    code: `${NEEDLE} text(String(s.replaceAll(t, "x").length))`,
  },
  {
    name: "string-normalize",
    what: "String.prototype.normalize of a long run of combining marks out of canonical order (quadratic reordering)",
    code: `${MARKS(24000)} text(String(s.normalize("NFC").length))`,
  },
  {
    name: "string-localeCompare",
    what: "String.prototype.localeCompare of two long runs of combining marks (both normalized first)",
    code: `${MARKS(17000)} var u = s + "x"; text(String(s.localeCompare(u)))`,
  },
  {
    name: "bigint-power",
    what: "BigInt exponentiation up to the largest BigInt QuickJS allows, a few times",
    code: `var r = 0n; for (var i = 0n; i < 8n; i++) r += 3n ** (600000n + i); text(String(r % 7n))`,
  },
  {
    name: "bigint-multiply",
    what: "BigInt multiplication of two 520,000-bit numbers (schoolbook), a few times",
    code: `var a = (1n << 520000n) - 1n; var r = 0n; for (var i = 0; i < 9; i++) r += a * (a - BigInt(i)); text(String(r % 7n))`,
  },
  {
    name: "bigint-toString",
    what: "BigInt to decimal text of a 950,000-bit number (quadratic conversion)",
    code: `var a = 3n ** 600000n; text(String(a.toString().length))`,
  },
  {
    name: "string-repeat",
    what: "String.prototype.repeat building a 16 MB string, a few times (each freed before the next)",
    code: `var n = 0; for (var i = 0; i < 25; i++) n += "ab".repeat(8e6).length; text(String(n))`,
  },
  {
    name: "array-join",
    what: "Array.prototype.join over an array of 90 million holes (nothing is allocated: the result is empty)",
    code: `text(String(new Array(9e7).join("").length))`,
  },
  {
    name: "array-includes",
    what: "Array.prototype.includes looking through 80 million holes",
    code: `text(String(new Array(8e7).includes(1)))`,
  },
  {
    name: "json-stringify",
    what: "JSON.stringify of 2,000 objects with a property list of 10,000 names (20 million lookups, 6 kB out)",
    code: `var keys = Object.keys(new Array(10000).fill(0)); var objs = new Array(2000).fill({});
text(String(JSON.stringify(objs, keys).length))`,
  },
  {
    name: "json-parse",
    what: "JSON.parse of a 4 MB array of a million numbers, a few times",
    code: `var s = "[" + "1e5,".repeat(1000000) + "0]"; var n = 0; for (var i = 0; i < 20; i++) n += JSON.parse(s).length;
text(String(n))`,
  },
  {
    name: "array-sort",
    what: "Array.prototype.sort without a comparator (it stays in C) of 3,000 copies of a 200,000-character string",
    code: `var p = "a".repeat(200000); var a = new Array(3000).fill(p); a.sort(); text(String(a.length))`,
  },
  {
    name: "array-fill",
    what: "Array.prototype.fill of a million-element array, a few hundred times (a single fill of a larger one runs out of memory within 0.2 s)",
    code: `var a = new Array(1e6).fill(0); for (var i = 0; i < 200; i++) a.fill(i); text(String(a[0]))`,
  },
];
