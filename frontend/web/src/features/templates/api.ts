import useSWR, { type SWRResponse } from "swr";
import type { Screen } from "@genui/ui-runtime";
import type { Template, TemplateStatus } from "@genui/contracts/http";
import { api } from "../../lib/api-client";
import { AUTH_RETRIEVE_PATH } from "../../lib/api-paths";

/** SPEC §3 Template, as apps answers it (one declaration: @genui/contracts/http). */
export type { Template, TemplateStatus } from "@genui/contracts/http";

/** What the dashboard's template card hands over as navigation state (SPEC §2: "may carry the app and template"). */
export interface EditorNavigationState {
  app?: { id: string; url: string };
  template?: Template;
}

const TEMPLATES = "/apps/api/v1/templates/";
const id = encodeURIComponent;

export type TemplateKey = readonly ["template", string, string];
export const templateKey = (appId: string, templateId: string): TemplateKey => ["template", appId, templateId];

/** SPEC §7: GET /apps/api/v1/templates/{app_id}/retrieve/{templateId}/. */
export const fetchTemplate = ([, appId, templateId]: TemplateKey): Promise<Template> =>
  api.get<Template>(`${TEMPLATES}${id(appId)}/retrieve/${id(templateId)}/`);

/**
 * One template. `initial` (the dashboard's copy, from navigation state) shows at once; the server's copy replaces it
 * as soon as it arrives. A template that cannot be read is not retried (it is deleted or was never there).
 */
export function useTemplate(appId: string, templateId: string, initial?: Template): SWRResponse<Template> {
  return useSWR(templateKey(appId, templateId), fetchTemplate, {
    fallbackData: initial,
    revalidateOnMount: true,
    revalidateOnFocus: false,
    shouldRetryOnError: false,
  });
}

/** The fields an update may carry (SPEC §5: only the non-empty ones are sent). */
export interface TemplateChanges {
  name?: string;
  description?: string;
  code?: string;
  status?: TemplateStatus;
}

/** SPEC §5: drops empty fields (an update never clears one). */
export function nonEmptyChanges(changes: TemplateChanges): TemplateChanges {
  const out: TemplateChanges = {};
  for (const [k, v] of Object.entries(changes) as [keyof TemplateChanges, string | undefined][]) {
    if (typeof v === "string" && v.trim() !== "") (out as Record<string, string>)[k] = v;
  }
  return out;
}

/** SPEC §7: the update call (PATCH, docs/decisions.md). */
export const updateTemplate = (appId: string, templateId: string, changes: TemplateChanges): Promise<Template> =>
  api.patch<Template>(`${TEMPLATES}${id(appId)}/update/${id(templateId)}/`, nonEmptyChanges(changes));

/** SPEC §7: POST /apps/api/v1/auth-retrieve/ (signed in) — the code changed as the prompt asks, and its screen. */
export interface AiAnswer {
  code: string;
  json: Screen;
}

export const askAi = (code: string, prompt: string): Promise<AiAnswer> =>
  api.post<AiAnswer>(AUTH_RETRIEVE_PATH, code.trim() ? { code, prompt } : { prompt });
