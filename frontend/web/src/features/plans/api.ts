import { useCallback, useEffect, useState } from "react";
import useSWR, { useSWRConfig, type KeyedMutator } from "swr";
import { api } from "../../lib/api-client";

/** SPEC §4, §9: the two currencies plans are priced in. */
export const CURRENCIES = ["USD", "INR"] as const;
export type Currency = (typeof CURRENCIES)[number];
export const isCurrency = (v: unknown): v is Currency => typeof v === "string" && (CURRENCIES as readonly string[]).includes(v);

/**
 * SPEC §3's model plan, as `GET /billing/api/v1/modals/list` answers it: costs are amounts of `currency` per 1M tokens
 * (billing's catalogue), limits are token counts.
 */
export interface ModelPlan {
  id: string;
  name: string;
  description: string;
  currency: string;
  input_text_cost: number | string;
  input_image_cost: number | string;
  input_video_cost: number | string;
  input_audio_cost: number | string;
  output_text_cost: number | string;
  input_text_limit: number;
  output_text_limit: number;
  features: { features: string[] };
}

/** The unit every plan cost is quoted in. */
export const COST_UNIT = "per 1M tokens";

export const PLANS_PATH = "/billing/api/v1/modals/list";
/** `load` numbers the loads of one page: each switch asks again (a fresh key, so no dedupe keeps an emptied list). */
export const plansKey = (currency: Currency, load = 0) => [PLANS_PATH, currency, load] as const;

/** Public: no sign-in needed. */
export const fetchPlans = ([path, currency]: readonly [string, Currency, number]): Promise<ModelPlan[]> =>
  api.get<ModelPlan[]>(path, { currency }).then((list) => (Array.isArray(list) ? list : []));

export interface PlansState {
  plans: ModelPlan[] | undefined;
  error: unknown;
  isLoading: boolean;
  retry: KeyedMutator<ModelPlan[]>;
}

/** The plans in one currency. A failure is only logged (SPEC §8); the caller shows a calm empty state. */
export function usePlans(currency: Currency, load = 0): PlansState {
  const { data, error, isLoading, mutate } = useSWR(plansKey(currency, load), fetchPlans, {
    onError: (err: unknown) => console.error("plans could not be loaded", err),
  });
  return { plans: data, error, isLoading, retry: mutate };
}

/**
 * The plans with a currency switch (SPEC §4): switching clears the list and reloads it in the chosen currency; when
 * the server answers in another currency than asked, the switch follows the list.
 */
export function useCurrencyPlans(initial: Currency = "USD"): PlansState & { currency: Currency; setCurrency(c: Currency): void } {
  const [currency, setCurrencyState] = useState<Currency>(initial);
  const [load, setLoad] = useState(0);
  const { mutate } = useSWRConfig();
  const state = usePlans(currency, load);

  const setCurrency = useCallback((next: Currency) => {
    // A new load: the list empties (skeleton) and is fetched again in the chosen currency.
    setLoad((n) => n + 1);
    setCurrencyState(next);
  }, []);

  const listCurrency = state.plans?.[0]?.currency;
  useEffect(() => {
    if (!state.plans || !isCurrency(listCurrency) || listCurrency === currency) return;
    // The list says which currency it is in: keep it under that key and move the switch, without another request.
    void mutate(plansKey(listCurrency, load), state.plans, { revalidate: false });
    setCurrencyState(listCurrency);
  }, [state.plans, listCurrency, currency, load, mutate]);

  return { ...state, currency, setCurrency };
}
