import { z } from "zod";
import { APPS_ERRORS, appsError } from "./errors";
import { withThousands } from "@genui/ui-runtime/numbers";

/**
 * An app's look (brand theme and the developer's own components): the bodies of its signed-in routes and its
 * refusals. The theme and each declaration are checked by @genui/ui-runtime (contrast, JSON Schema) in the use case.
 */

/** The most an app's look may take as JSON, its theme and every declaration together (256 KB). */
export const MAX_APPEARANCE_BYTES = 256 * 1024;

const REQUIRED = "This field is required.";
const NOT_NULL = "This field may not be null.";

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** A body that must be an object: otherwise one message for the whole body (`non_field_errors`), and no fields. */
const bodyObject = <T>(example: string, fields: (b: Record<string, unknown>, ctx: z.RefinementCtx) => T) =>
  z.unknown().transform((b, ctx) => {
    if (isObject(b)) return fields(b, ctx);
    ctx.addIssue({ code: "custom", message: `The body must be a JSON object: ${example}.` });
    return z.NEVER;
  });

/** `version` (the one the change was made on): absent is not sent; else a whole number from 0. */
function versionOf(v: unknown, ctx: z.RefinementCtx): number | undefined {
  if (v === undefined) return undefined;
  if (v === null) {
    ctx.addIssue({ code: "custom", path: ["version"], message: NOT_NULL });
    return undefined;
  }
  if (typeof v !== "number" || !Number.isSafeInteger(v)) {
    ctx.addIssue({ code: "custom", path: ["version"], message: "A valid integer is required." });
    return undefined;
  }
  if (v < 0) ctx.addIssue({ code: "custom", path: ["version"], message: "Ensure this value is greater than or equal to 0." });
  return v;
}

/** A theme update: the theme as sent (checked by the use case) and the version it was made on, if sent. */
export interface UpdateThemeInput {
  theme: unknown;
  version?: number;
}

/** A component's create or replace: the declaration as sent (checked by the use case) and the version, if sent. */
export interface PutComponentInput {
  component: Record<string, unknown>;
  version?: number;
}

/** Theme update (the contract's UpdateThemeBody): `theme` (checked by the use case) and an optional `version`. */
export const updateThemeInput = bodyObject('{ "theme": { … }, "version": 3 }', (b, ctx): UpdateThemeInput => {
  if (b.theme === undefined) ctx.addIssue({ code: "custom", path: ["theme"], message: REQUIRED });
  else if (b.theme === null) ctx.addIssue({ code: "custom", path: ["theme"], message: NOT_NULL });
  const version = versionOf(b.version, ctx);
  return { theme: b.theme, version };
});

/**
 * Component create / replace (the contract's PutComponentBody): `component`, an object (its fields are checked by the
 * use case), and an optional `version`.
 */
export const putComponentInput = bodyObject(
  '{ "component": { "name": …, "props": { … }, … }, "version": 3 }',
  (b, ctx): PutComponentInput => {
    if (b.component === undefined) ctx.addIssue({ code: "custom", path: ["component"], message: REQUIRED });
    else if (b.component === null) ctx.addIssue({ code: "custom", path: ["component"], message: NOT_NULL });
    else if (!isObject(b.component))
      ctx.addIssue({
        code: "custom",
        path: ["component"],
        message: "A component declaration: an object with name, description, props, example and fallback.",
      });
    const version = versionOf(b.version, ctx);
    return { component: (isObject(b.component) ? b.component : {}) as Record<string, unknown>, version };
  },
);

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The version sent is no longer current: the page that sent it is stale (409, with its code). */
export const appearanceChanged = (current: number) =>
  appsError(
    APPS_ERRORS.APPEARANCE_CHANGED,
    `The appearance changed since you loaded it (version ${current}); reload and apply again.`,
  );

/** Another change of the app's look held its lock too long: try again shortly. */
export const appearanceBusy = () =>
  appsError(APPS_ERRORS.APPEARANCE_BUSY, "Another change to this app's appearance is being saved; try again in a few seconds.", {
    retryAfterSeconds: 2,
  });

export const componentLimitMessage = (limit: number): string =>
  `This app has reached the limit of ${plural(limit, "component")}. Delete a component to declare another.`;

export const appearanceSizeMessage = (bytes: number): string =>
  `The app's theme and components would take ${withThousands(bytes)} bytes as JSON; at most ` +
  `${withThousands(MAX_APPEARANCE_BYTES)}. Shorten or remove a component.`;

export const nameMismatchMessage = (inBody: unknown, inPath: string): string =>
  `The declaration's name (${JSON.stringify(inBody)}) must be the component's name in the address ("${inPath}").`;
