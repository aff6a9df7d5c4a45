import { Suspense, lazy, useCallback, useEffect, useRef, type CSSProperties, type ReactElement } from "react";
import type { AppTheme } from "@genui/ui-runtime";
import { DEFAULT_API_BASE, createGenUIFrame, type ActionEvent, type GenUIFrame, type GenUITheme, type Screen } from "./host";
import type { AppComponents } from "./in-page/components";
import type { GenUIStream, GenUIStreamAnswer, GenUIStreamEvaluator, GenUIStreamResume } from "./stream";

/** The in-page view (json with the developer's components): its own chunk, loaded only when used. */
const InPage = lazy(() => import("./in-page/InPage"));

/** SPEC §3 "Rendering component props" (+ apiBase, theme, onError, className, style). */
export interface GenUIProps {
  /** The id of the wrapper element. */
  id?: string;
  /**
   * Needed with code, prompt or completionId; not with json. In pages this is the app's publishable key (gk_pub_…),
   * accepted only from the app's own origin; the secret key (gk_live_…) is refused from browsers.
   */
  apiKey?: string;
  /** The API serving the iframe page and the retrieve endpoint. Default "https://genui.dev". */
  apiBase?: string;
  /**
   * The origin serving the iframe page when the platform keeps it apart from the API (its CONTENT_ORIGIN). Optional:
   * the API redirects the iframe there itself.
   */
  contentBase?: string;
  /** CSS width; a number means pixels. Default "640px". */
  width?: string | number;
  /** CSS height; a number means pixels. Default "auto": follows the content (RESIZE_LISTENER). */
  height?: string | number;
  /** A screen (screen JSON v1), as an object or JSON text. Use json or code, not both. */
  json?: Screen | string;
  prompt?: string;
  code?: string;
  /**
   * A stored completion of the app (`chatcmpl-…`, an answer created with `store: true`): its screen is drawn — the
   * `json` of `choices[0].message.content`, read once with `apiKey` (`GET /apps/api/v1/chat/completions/{id}`: the
   * publishable key may read a stored completion from the app's own origin, and nothing else of them). Alone: not
   * with json, code or prompt.
   */
  completionId?: string;
  /**
   * Streaming mode: a streamed completion of the published API, drawn as it grows — the official openai client's
   * stream (`client.chat.completions.create({ …, stream: true })`), a fetch `Response` with the SSE body, or the
   * content text accumulated so far (pass the longer text on each render). The UI code so far is evaluated inside
   * the sandboxed iframe (its own QuickJS worker: generated code never runs in this page's origin) and each screen is
   * drawn; the complete answer's `json` (the validated screen) is drawn at the end. While set, json / code / prompt are ignored. No apiKey is needed: the
   * stream was already authorised. Errors (a failed stream, content not in the layout, an incomplete answer) go to
   * onError and, with debug, the error band.
   */
  stream?: GenUIStream;
  /** Streaming mode: the finished answer `{ code, repaired_code?, json }` (e.g. to keep `code` for the history). */
  onStreamComplete?: (answer: GenUIStreamAnswer) => void;
  /**
   * Streaming mode: evaluate code prefixes elsewhere, e.g. in a sandbox worker of this page's origin
   * (`workerStreamEvaluator`, `hostWorkerStreamEvaluator`). Default: inside the iframe.
   */
  streamEvaluator?: GenUIStreamEvaluator;
  /**
   * Streaming mode with a `Response`: opens the answer again after the event with id `after` when the connection
   * drops (a call to your server, which asks `GET /apps/api/v1/chat/completions/{id}?stream=true&starting_after=…`
   * with its key); the drawing goes on where it was.
   */
  resumeStream?: GenUIStreamResume;
  /** Show retrieve and render errors in an error band above the screen. Default false. */
  debug?: boolean;
  theme?: GenUITheme;
  /**
   * A per-embed override of the app's brand theme (an AppTheme: colours for light and dark, radius, density, fonts),
   * merged over the theme the app has (fetched with `apiKey`). One that fails the checks (WCAG AA contrast for text
   * on its background) is not applied: `onError` gets its field messages.
   */
  brand?: AppTheme | null;
  /**
   * The developer's own React components by declared name (`{ ProductCard }`). With `json`, the screen is drawn in
   * this page (no iframe: json runs no code) and its app nodes by these components, with their props and `genui`
   * (see AppComponentRenderProps); with code, prompt or a stream it is drawn in the iframe, where app nodes show
   * their built-in fallback.
   */
  components?: AppComponents;
  /** Receives `{ type, component: { name, value } }` for every action of the screen. */
  onActionListener?: (event: ActionEvent) => void;
  /** Receives every error message (also when debug is off). */
  onError?: (message: string) => void;
  className?: string;
  style?: CSSProperties;
}

/**
 * Renders a generated UI screen in the sandboxed GenUI iframe (see host.ts), or, for json with `components`, in the
 * page (in-page/InPage.tsx).
 */
export function GenUI(props: GenUIProps): ReactElement {
  const {
    id,
    apiKey,
    apiBase = DEFAULT_API_BASE,
    contentBase,
    width,
    height,
    json,
    prompt,
    code,
    completionId,
    debug = false,
    theme,
    stream,
    brand,
    components,
  } = props;
  const hasJson = json !== undefined && json !== null && json !== "";
  const inPage = components !== undefined && stream === undefined && hasJson && !code && !completionId;
  const containerRef = useRef<HTMLDivElement>(null);
  const frameRef = useRef<GenUIFrame | null>(null);
  const latest = useRef(props);

  // Declared first so that it runs first: the other effects (and the callbacks below) read the latest props.
  useEffect(() => {
    latest.current = props;
  });

  // Stable callbacks for the in-page view (they call the latest props).
  const onAction = useCallback((event: ActionEvent) => latest.current.onActionListener?.(event), []);
  const onError = useCallback((message: string) => latest.current.onError?.(message), []);

  useEffect(() => {
    const container = containerRef.current;
    if (!container || inPage) return;
    const p = latest.current;
    const frame = createGenUIFrame(container, {
      apiBase,
      contentBase,
      apiKey: p.apiKey,
      width: p.width,
      height: p.height,
      debug: p.debug ?? false,
      theme: p.theme,
      brand: p.brand,
      onAction: (event) => latest.current.onActionListener?.(event),
      onError: (message) => latest.current.onError?.(message),
      onStreamComplete: (answer) => latest.current.onStreamComplete?.(answer),
      streamEvaluator: p.streamEvaluator,
      ...(p.resumeStream ? { resumeStream: (id: string, after: number) => latest.current.resumeStream!(id, after) } : {}),
    });
    if (p.stream !== undefined) frame.stream(p.stream);
    else frame.update({ json: p.json, code: p.code, prompt: p.prompt, completionId: p.completionId });
    frameRef.current = frame;
    return () => {
      frame.destroy();
      if (frameRef.current === frame) frameRef.current = null;
    };
  }, [apiBase, contentBase, inPage]);

  useEffect(() => {
    frameRef.current?.configure({ apiKey, width, height, debug });
  }, [apiKey, width, height, debug]);

  useEffect(() => {
    frameRef.current?.setTheme(theme);
  }, [theme]);

  useEffect(() => {
    // host.ts sends the override again only when it differs (an equal object re-created on every render is no BRAND).
    frameRef.current?.setBrand(brand);
  }, [brand]);

  useEffect(() => {
    // host.ts ignores unchanged input, so a json object literal re-created on every render is no extra RENDER.
    // In streaming mode the same source (or a string that only grew) continues the stream.
    if (stream !== undefined) frameRef.current?.stream(stream);
    else frameRef.current?.update({ json, code, prompt, completionId });
  }, [json, code, prompt, completionId, stream]);

  if (inPage)
    return (
      <div key="in-page" id={id} className={className(props.className)} style={props.style} data-genui="" data-genui-in-page="">
        <Suspense fallback={null}>
          <InPage
            json={json}
            components={components}
            apiKey={apiKey}
            apiBase={apiBase}
            theme={theme}
            brand={brand}
            width={width}
            height={height}
            debug={debug}
            onAction={onAction}
            onError={onError}
          />
        </Suspense>
      </div>
    );
  return <div key="frame" id={id} ref={containerRef} className={className(props.className)} style={props.style} data-genui="" />;
}

const className = (extra: string | undefined): string => (extra ? `genui ${extra}` : "genui");
