import useSWR from "swr";
import { api } from "./api-client";

/** Browser-side settings the BFF hands out (GET /get-config/): where the providers' scripts load from. No secrets. */
export interface ClientConfig {
  google_client_id: string;
  google_script_url: string;
  paypal_sdk_url: string;
  cashfree_sdk_url: string;
  /** How the chat streams answers (the BFF's CHAT_STREAM); absent from an older BFF. */
  chat_stream?: "deltas" | "snapshots";
}

export const CONFIG_KEY = "/get-config/";

export function useClientConfig() {
  return useSWR<ClientConfig>(CONFIG_KEY, () => api.get<ClientConfig>(CONFIG_KEY), {
    revalidateOnFocus: false,
    revalidateIfStale: false,
    shouldRetryOnError: false,
  });
}
