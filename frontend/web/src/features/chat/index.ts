/**
 * The chat feature's public API: nothing but its two pages, /chat (components/chat-view) and /genui
 * (components/genui-view), which app/routes import by path so that each route keeps its own chunk (see
 * eslint.config.mjs, SPA_CHUNK_ENTRIES). What other code comes to need of the feature is exported here.
 */
export {};
