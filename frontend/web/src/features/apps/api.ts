import { useCallback } from "react";
import useSWR, { useSWRConfig, type SWRResponse } from "swr";
import { api } from "../../lib/api-client";
import type { AppComponent, AppTheme } from "@genui/ui-runtime";
import type {
  App,
  AppPage,
  Appearance,
  Connection as ConnectionSchema,
  MCP_PATH,
  PendingAuthorization as PendingAuthorizationSchema,
  TemplatePage,
} from "@genui/contracts/http";
import type { Template } from "../templates";
import { APPS_LIST_PATH } from "../../lib/api-paths";

export type { Template } from "../templates";

/** SPEC §3 App, its paginated list and the templates' (one declaration: @genui/contracts/http). */
export type { App, AppPage, TemplatePage } from "@genui/contracts/http";

/** SPEC §9: the dashboard lists 25 apps a page; templates are read 100 at a time. */
export const APPS_PAGE_SIZE = 25;
export const TEMPLATES_PAGE_SIZE = 100;

export { APPS_LIST_PATH };
const TEMPLATES_PATH = "/apps/api/v1/templates/";

export type AppsKey = readonly [typeof APPS_LIST_PATH, number];
export type TemplatesKey = readonly [typeof TEMPLATES_PATH, string];

/** The SWR key of one page of the app list. */
export const appsKey = (page: number): AppsKey => [APPS_LIST_PATH, page];
/** True for the key of any page of the app list (to reload the list whatever page is shown). */
export const isAppsKey = (key: unknown): boolean => Array.isArray(key) && key[0] === APPS_LIST_PATH;
export const templatesKey = (appId: string): TemplatesKey => [TEMPLATES_PATH, appId];

export const fetchApps = ([path, page]: AppsKey): Promise<AppPage> => api.get<AppPage>(path, { page, page_size: APPS_PAGE_SIZE });

export const fetchTemplates = ([path, appId]: TemplatesKey): Promise<TemplatePage> =>
  api.get<TemplatePage>(`${path}${encodeURIComponent(appId)}/`, { page: 1, page_size: TEMPLATES_PAGE_SIZE });

/** One page of the signed-in user's apps; `refreshInterval` polls while statuses are settling. */
export function useApps(page: number, refreshInterval: number | (() => number) = 0): SWRResponse<AppPage> {
  return useSWR(appsKey(page), fetchApps, { keepPreviousData: true, refreshInterval });
}

export function useTemplates(appId: string): SWRResponse<TemplatePage> {
  return useSWR(templatesKey(appId), fetchTemplates);
}

/** Reloads every cached page of the app list. */
export function useReloadApps(): () => Promise<unknown> {
  const { mutate } = useSWRConfig();
  return useCallback(() => mutate(isAppsKey), [mutate]);
}

export const createApp = (url: string): Promise<App> => api.post<App>("/apps/api/v1/create/", { url });

export const deleteApp = (appId: string): Promise<void> => api.delete<void>(`/apps/api/v1/delete/${encodeURIComponent(appId)}/`);

/** Sets the publishable key's daily spend cap (US dollars); field errors arrive as `{daily_spend_cap: [...]}`. */
export const updateDailySpendCap = (appId: string, dailySpendCap: string): Promise<App> =>
  api.patch<App>(`/apps/api/v1/update/${encodeURIComponent(appId)}/`, { daily_spend_cap: dailySpendCap });

/** Whether the app's chat completions are kept by default (stored completions; a request's `store` overrides it). */
export const updateStoreCompletions = (appId: string, storeCompletions: boolean): Promise<App> =>
  api.patch<App>(`/apps/api/v1/update/${encodeURIComponent(appId)}/`, { store_completions: storeCompletions });

/** A new publishable key (the old one stops working at once). */
export const rotatePublishableKey = (appId: string): Promise<App> =>
  api.post<App>(`/apps/api/v1/rotate-publishable-key/${encodeURIComponent(appId)}/`);

export const cancelSubscription = (subscriptionId: string): Promise<unknown> =>
  api.post(`billing/api/v1/subscription/${encodeURIComponent(subscriptionId)}/cancel/`);

export const createTemplate = (appId: string): Promise<Template> =>
  api.post<Template>(`${TEMPLATES_PATH}${encodeURIComponent(appId)}/create/`);

export const deleteTemplate = (appId: string, templateId: string): Promise<void> =>
  api.delete<void>(`${TEMPLATES_PATH}${encodeURIComponent(appId)}/delete/${encodeURIComponent(templateId)}/`);

/** The editor's address (SPEC §2); navigation carries `{ app, template }` as state. */
export const previewPath = (appId: string, templateId: string): string =>
  `/preview/${encodeURIComponent(appId)}/${encodeURIComponent(templateId)}`;

export const chatPath = (appId: string): string => `/chat/${encodeURIComponent(appId)}/`;

/** SPEC §9: the key is shown as its first 10 characters and an ellipsis. */
export const shortKey = (key: string): string => `${key.slice(0, 10)}…`;

// ---- Agent hosts (MCP): the consent page and each app's connected hosts ----

/** A pending authorization request, as the consent page shows it (@genui/contracts/http's PendingAuthorization). */
export type PendingAuthorization = (typeof PendingAuthorizationSchema)["_output"];
/** An agent host connected to an app (@genui/contracts/http's Connection). */
export type Connection = (typeof ConnectionSchema)["_output"];

const OAUTH_REQUESTS_PATH = "/apps/api/v1/oauth/requests/";
const CONNECTIONS_PATH = "/apps/api/v1/connections/";

export type ConnectionsKey = readonly [typeof CONNECTIONS_PATH, string];
export const connectionsKey = (appId: string): ConnectionsKey => [CONNECTIONS_PATH, appId];

/**
 * Where agent hosts reach the MCP server: this site's /mcp (every app's; the owner picks the app when connecting).
 * The type ties it to the contract's MCP_PATH without bringing the contracts' code into the page.
 */
export const mcpServerUrl = (): `${string}${typeof MCP_PATH}` => `${window.location.origin}/mcp`;

const requestPath = (requestId: string) => `${OAUTH_REQUESTS_PATH}${encodeURIComponent(requestId)}/`;

export const fetchPendingAuthorization = (requestId: string): Promise<PendingAuthorization> =>
  api.get<PendingAuthorization>(requestPath(requestId));

/** The owner's answer; field errors arrive as `{app_id: [...]}`. Resolves where to send the browser. */
export const decideAuthorization = (requestId: string, approve: boolean, appId?: string): Promise<{ redirect_to: string }> =>
  api.post<{ redirect_to: string }>(requestPath(requestId), approve ? { approve, app_id: appId } : { approve });

/** Every app of the signed-in user (the consent page's picker), page by page (100 at a time, the list's largest). */
export async function fetchAllApps(): Promise<App[]> {
  const all: App[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<AppPage>(APPS_LIST_PATH, { page, page_size: 100 });
    all.push(...res.results);
    if (res.results.length === 0 || all.length >= res.count) return all;
  }
}

export function useConnections(appId: string): SWRResponse<Connection[]> {
  return useSWR(connectionsKey(appId), ([path, id]: ConnectionsKey) =>
    api.get<Connection[]>(`${path}${encodeURIComponent(id)}/`),
  );
}

/** Disconnects an agent host: its tokens stop working at once. */
export const disconnectHost = (appId: string, connectionId: string): Promise<void> =>
  api.delete<void>(`${CONNECTIONS_PATH}${encodeURIComponent(appId)}/${encodeURIComponent(connectionId)}/`);

// ---- Appearance: the app's brand theme and its own components (docs/api.md "Theming and custom components") ----

/** The app's look as apps answers it (@genui/contracts/http's Appearance): theme, components and their `version`. */
export type { Appearance } from "@genui/contracts/http";

const APPEARANCE_PATH = "/apps/api/v1/appearance/";
export type AppearanceKey = readonly [typeof APPEARANCE_PATH, string];
export const appearanceKey = (appId: string): AppearanceKey => [APPEARANCE_PATH, appId];

const appearancePath = (appId: string) => `${APPEARANCE_PATH}${encodeURIComponent(appId)}/`;

export const fetchAppearance = ([, appId]: AppearanceKey): Promise<Appearance> => api.get<Appearance>(appearancePath(appId));

/** The app's theme and components; a look that cannot be read is retried on demand only (the panel says so). */
export function useAppearance(appId: string | null): SWRResponse<Appearance> {
  return useSWR(appId ? appearanceKey(appId) : null, fetchAppearance, { shouldRetryOnError: false });
}

/**
 * Replaces the app's theme (tokens left out take GenUI's defaults). `version` is the one the edit was made on: a newer
 * one answers 409. Field errors arrive as `{"theme.light.primary": [...]}`.
 */
export const updateTheme = (appId: string, theme: AppTheme, version: number): Promise<Appearance> =>
  api.put<Appearance>(`${appearancePath(appId)}theme/`, { theme, version });

/** Declares or replaces one of the app's components (its name is the path's); field errors as `{props: [...]}`. */
export const putComponent = (appId: string, component: AppComponent, version: number): Promise<Appearance> =>
  api.put<Appearance>(`${appearancePath(appId)}components/${encodeURIComponent(component.name)}/`, { component, version });

export const deleteComponent = (appId: string, name: string): Promise<Appearance> =>
  api.delete<Appearance>(`${appearancePath(appId)}components/${encodeURIComponent(name)}/`);
