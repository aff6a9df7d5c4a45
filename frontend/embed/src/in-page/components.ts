/**
 * The developer's own components as `<GenUI components>` takes them. The same shapes as @genui/react-renderer's
 * `AppComponentRenderProps` / `AppComponents` (which @genui/react bundles), declared here so that this package's
 * types stand on their own; the in-page view hands them to the renderer, so a difference fails to compile there.
 */
import type { ComponentType } from "react";
import type { JsonValue } from "@genui/ui-runtime";

/** What a developer's component gets from GenUI besides its declared props. */
export interface GenUIComponentApi {
  /** The component's name in the screen. */
  name: string;
  /** The mode the screen is drawn in. */
  theme: "light" | "dark";
  /**
   * Runs the node's action for `type` (default "onPress") as a built-in button would; `onActionListener` hears it,
   * with `value` unless the action carries its own.
   */
  action(type?: "onPress" | "onChangeText" | "onLongPress", value?: JsonValue): void;
}

/** A developer's component's props: the props the screen gives it (`P`), and `genui`. */
export type AppComponentRenderProps<P extends object = Record<string, JsonValue | undefined>> = P & { genui: GenUIComponentApi };

/** The developer's components by declared name (each types its own props, hence the loose map). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type AppComponents = Readonly<Record<string, ComponentType<AppComponentRenderProps<any>>>>;
