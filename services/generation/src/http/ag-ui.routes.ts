/** The AG-UI route (rows AG_UI_ROUTES in proto/src/http/wire-formats.ts): none yet. */
export function agUiRoutes() {
  return {};
}
