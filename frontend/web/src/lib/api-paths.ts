/** Paths of the signed-in API that more than one feature calls (each written once: the route table's rule). */

/** SPEC §7: one page of the signed-in user's apps (`?page&page_size`). */
export const APPS_LIST_PATH = "/apps/api/v1/list/";
/** SPEC §7 auth-retrieve: code changed as a prompt asks, or code alone evaluated (the editor, the chat's restore). */
export const AUTH_RETRIEVE_PATH = "/apps/api/v1/auth-retrieve/";
