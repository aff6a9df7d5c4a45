/** The A2UI routes (rows A2UI_ROUTES in proto/src/http/wire-formats.ts): none yet. */
export function a2uiRoutes() {
  return {};
}
