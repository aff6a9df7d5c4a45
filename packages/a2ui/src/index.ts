/** @genui/a2ui: GenUI screens as A2UI v0.9 messages (see package.json's description). */
export const A2UI_VERSION = "v0.9";
