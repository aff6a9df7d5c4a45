import type { CSSProperties } from "react";
import type { ComponentNode } from "@genui/ui-runtime";
import type { RootProps } from "../context";
import { cx, isObject } from "../util";

/** The node's props as a plain record (never undefined). */
export const propsOf = (node: ComponentNode): Record<string, unknown> => (isObject(node.props) ? node.props : {});

/** Root props with the component's own class and base style (the screen's `style` wins over the base style). */
export function withRoot(root: RootProps, className: string, base?: CSSProperties): RootProps {
  return { ...root, className: cx(className, root.className), style: { ...base, ...root.style } };
}

export const oneOf = <T extends string>(v: unknown, allowed: readonly T[]): T | undefined =>
  typeof v === "string" && (allowed as readonly string[]).includes(v) ? (v as T) : undefined;

export const TONES = ["neutral", "info", "success", "warning", "danger"] as const;
export type Tone = (typeof TONES)[number];
