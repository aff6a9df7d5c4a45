/**
 * The playground's code in its address, so a link reproduces the screen: `#c=` + base64url of the code compressed
 * with deflate-raw (CompressionStream), in the fragment — never sent to the server, and about a third of the length
 * of the plain text. Browsers without CompressionStream write `#code=` + the URL-encoded text. `?code=` (plain, like
 * the iframe playground's) is read too.
 */

const toBase64Url = (bytes: Uint8Array): string => {
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
};

const fromBase64Url = (s: string): Uint8Array => {
  const b64 = s.replace(/-/g, "+").replace(/_/g, "/");
  const bin = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
};

async function pipe(bytes: Uint8Array, stream: CompressionStream | DecompressionStream): Promise<Uint8Array> {
  const body = new Blob([bytes as BlobPart]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(body).arrayBuffer());
}

const canCompress = () => typeof CompressionStream === "function" && typeof DecompressionStream === "function";

/** The fragment (without `#`) that carries `code`. */
export async function encodeCodeHash(code: string): Promise<string> {
  if (!canCompress()) return `code=${encodeURIComponent(code)}`;
  return `c=${toBase64Url(await pipe(new TextEncoder().encode(code), new CompressionStream("deflate-raw")))}`;
}

/**
 * The code an address carries, `null` when it carries none. Rejects when it carries code that cannot be read (a
 * truncated or altered link).
 */
export async function decodeCodeFromUrl(url: URL): Promise<string | null> {
  const hash = new URLSearchParams(url.hash.replace(/^#/, ""));
  const packed = hash.get("c");
  if (packed) {
    if (!canCompress()) throw new Error("this browser cannot read compressed links");
    return new TextDecoder("utf-8", { fatal: true }).decode(
      await pipe(fromBase64Url(packed), new DecompressionStream("deflate-raw")),
    );
  }
  return hash.get("code") ?? url.searchParams.get("code");
}
