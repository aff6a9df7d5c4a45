/**
 * An integer with its thousands separated by commas, as `toLocaleString("en-US")` writes it (1,290), without Intl:
 * the first number a process formats through Intl loads ICU's data and code, 7.5 MiB of resident memory on this
 * machine (docs/performance.md, "ICU left unloaded"), and the services' messages need nothing more of it than this.
 * Anything but a safe integer is formatted by Intl as before.
 */
export function withThousands(n: number): string {
  if (!Number.isSafeInteger(n) || Object.is(n, -0)) return n.toLocaleString("en-US");
  const digits = String(Math.abs(n));
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return n < 0 ? `-${out}` : out;
}
