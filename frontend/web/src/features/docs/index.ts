/**
 * The docs feature's public API: the chat snippets the landing page shows. Import it from here, not its files. The
 * docs page (components/docs-page) is a chunk of its own that app/routes imports by path (see eslint.config.mjs,
 * SPA_CHUNK_ENTRIES): from here it would load with the landing page.
 */
export { chatSnippets } from "./snippets";
