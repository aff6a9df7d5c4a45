/**
 * @genui/react-renderer: draws GenUI screen JSON v1 with React.
 *
 *   <ScreenView screen={screen} onAction={(e) => …} />     or     renderScreen(element, screen, { onAction })
 *   <ScreenView screen={screen} brand={appTheme} components={{ ProductCard }} />
 *
 * The style sheet (RENDERER_CSS) is injected once into the document head; a page that must inline it (the
 * sandboxed iframe) can take the string. recharts is loaded lazily, only for screens with charts. `brand` applies an
 * app's theme (`combineBrand` merges a page's override over the app's and checks both), `components` draws the
 * developer's own components.
 */
export { ScreenView, type LifecycleEvent, type ScreenViewProps } from "./ScreenView";
export { renderScreen, type RenderedScreen, type RenderScreenOptions } from "./render";
export { RENDERER_CSS, injectStyles } from "./styles";
export { APP_PACKAGE } from "./app-node";
export { brandStyle, checkBrand, combineBrand, type AppTheme, type CheckedBrand, type CombinedBrand } from "./brand";
export type { AppComponentRenderProps, AppComponents, GenUIComponentApi } from "./context";
