/**
 * @genui/react-renderer: draws GenUI screen JSON v1 with React.
 *
 *   <ScreenView screen={screen} onAction={(e) => …} />     or     renderScreen(element, screen, { onAction })
 *
 * The style sheet (RENDERER_CSS) is injected once into the document head; a page that must inline it (the
 * sandboxed iframe) can take the string. recharts is loaded lazily, only for screens with charts.
 */
export { ScreenView, type LifecycleEvent, type ScreenViewProps } from "./ScreenView";
export { renderScreen, type RenderedScreen, type RenderScreenOptions } from "./render";
export { RENDERER_CSS, injectStyles } from "./styles";
