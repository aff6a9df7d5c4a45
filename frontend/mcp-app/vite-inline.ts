import type { Plugin, Rolldown } from "vite";

type OutputAsset = Rolldown.OutputAsset;
type OutputChunk = Rolldown.OutputChunk;

/**
 * Makes the build one self-contained HTML file: every script and style sheet the page links is written into it
 * (`<script type="module">…</script>`, `<style>…</style>`) and removed from the output, and the page is renamed
 * `fileName`. The page is served as an MCP Apps resource whose host allows no network at all, so the build fails if
 * anything else would be left beside it (an asset, a lazily loaded chunk) or if the page still points at a file.
 */
export function inlineHtml(fileName: string): Plugin {
  return {
    name: "genui:inline-html",
    apply: "build",
    enforce: "post",
    generateBundle(_options, bundle) {
      const pages = Object.values(bundle).filter((f): f is OutputAsset => f.type === "asset" && f.fileName.endsWith(".html"));
      if (pages.length !== 1) return this.error(`expected one HTML page in the build, found ${pages.length}`);
      const page = pages[0]!;
      // A file the page links, by the path it uses ("/assets/x.js", "./assets/x.js").
      const take = (ref: string): OutputChunk | OutputAsset => {
        const file = Object.keys(bundle).find((name) => ref === name || ref.endsWith(`/${name}`));
        if (!file) return this.error(`the page links ${ref}, which is not in the build`);
        const out = bundle[file]!;
        delete bundle[file];
        return out;
      };
      let html = String(page.source)
        .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>\s*/g, "")
        .replace(/<script\b[^>]*\bsrc="([^"]+)"[^>]*><\/script>/g, (_tag, src: string) => {
          const chunk = take(src);
          if (chunk.type !== "chunk") return this.error(`the page's script ${src} is not a chunk`);
          return `<script type="module">${scriptText(chunk.code)}</script>`;
        })
        .replace(/<link\b[^>]*\brel="stylesheet"[^>]*\bhref="([^"]+)"[^>]*>/g, (_tag, href: string) => {
          const sheet = take(href);
          if (sheet.type !== "asset") return this.error(`the page's style sheet ${href} is not an asset`);
          return `<style>${String(sheet.source).replace(/<\/style/gi, "<\\/style")}</style>`;
        });
      const left = Object.keys(bundle).filter((name) => name !== page.fileName && !name.endsWith(".map"));
      if (left.length > 0) return this.error(`these files would be left beside the page: ${left.join(", ")}`);
      const linked = /\s(?:src|href)="(?!#|data:)[^"]*"/.exec(html);
      if (linked) return this.error(`the page still links a file: ${linked[0].trim()}`);
      delete bundle[page.fileName];
      html = html.replace(/\n\s*\n/g, "\n");
      this.emitFile({ type: "asset", fileName, source: html });
    },
  };
}

/**
 * A script's text as it may stand inside `<script>`: "</script" would end the element early and "<!--" would switch
 * the HTML parser into its escaped mode, so both get a backslash (a no-op in the strings, template literals and
 * regular expressions a bundle has them in).
 */
function scriptText(code: string): string {
  return code.replace(/<\/(script)/gi, "<\\/$1").replace(/<!--/g, "<\\!--");
}
