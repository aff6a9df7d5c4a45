import useSWR, { type SWRResponse } from "swr";
import type { App, AppPage, Appearance } from "@genui/contracts/http";
import { api } from "../../lib/api-client";
import { APPS_LIST_PATH as LIST } from "../../lib/api-paths";

/**
 * What the docs' component catalogue reads for a signed-in reader: their apps (for the picker) and the chosen app's
 * own components. The same signed-in calls the dashboard makes (apps' list and an app's appearance).
 */

const APPEARANCE = "/apps/api/v1/appearance/";

/** The reader's apps, 100 at a time (the list's largest page), until all are read. */
async function allApps(): Promise<App[]> {
  const all: App[] = [];
  for (let page = 1; ; page++) {
    const res = await api.get<AppPage>(LIST, { page, page_size: 100 });
    all.push(...res.results);
    if (res.results.length === 0 || all.length >= res.count) return all;
  }
}

export function useMyApps(enabled: boolean): SWRResponse<App[]> {
  return useSWR(enabled ? ["docs-apps", LIST] : null, allApps, { shouldRetryOnError: false });
}

export function useAppComponents(appId: string | null): SWRResponse<Appearance> {
  return useSWR(
    appId ? [APPEARANCE, appId] : null,
    ([path, id]: [string, string]) => api.get<Appearance>(`${path}${encodeURIComponent(id)}/`),
    { shouldRetryOnError: false },
  );
}
