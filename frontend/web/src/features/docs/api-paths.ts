/** The published API's paths, as the docs' programs and prose show them (written here only). */

/** Where the API lives on the site: `apiBase(origin)` is the origin followed by this. */
export const API_PREFIX = "/apps/api/v1";

/** The endpoints the docs show, under the API base. */
export const API_PATHS = {
  chatCompletions: "/chat/completions",
  retrieve: "/retrieve/",
  models: "/models",
  /** The `<genui-screen>` loader script. */
  embedLoader: "/embed/genui-loader.js",
} as const;
