/**
 * The auth feature's public API. Import it from here, not its files. The login form (components/login-form) is a
 * chunk of its own that app/ imports by path (see eslint.config.mjs, SPA_CHUNK_ENTRIES): from here it would load
 * with every page that confirms a sign-up.
 */
export { confirmSignup } from "./api";
