/**
 * The legal feature's public API: nothing but its three pages (components/privacy-policy, terms-of-service,
 * refund-policy), which app/routes import by path so that each route keeps its own chunk (see eslint.config.mjs,
 * SPA_CHUNK_ENTRIES). What other code comes to need of the feature is exported here.
 */
export {};
