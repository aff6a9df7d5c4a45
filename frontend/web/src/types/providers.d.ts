/** The providers' browser SDKs as the SPA uses them (Google Identity Services, PayPal JS SDK, Cashfree.js v3). */
export {};

declare global {
  interface GoogleTokenResponse {
    access_token?: string;
    error?: string;
    error_description?: string;
  }

  interface Window {
    google?: {
      accounts?: {
        id?: { disableAutoSelect?: () => void };
        oauth2?: {
          initTokenClient(config: {
            client_id: string;
            scope: string;
            callback: (r: GoogleTokenResponse) => void;
            error_callback?: (e: { type: string; message?: string }) => void;
          }): { requestAccessToken(overrides?: Record<string, unknown>): void };
        };
      };
    };
    paypal?: {
      Buttons(options: {
        style?: Record<string, string | number | boolean>;
        /** Once drawn: its actions enable or disable the buttons. */
        onInit?(data: unknown, actions: { enable(): Promise<void>; disable(): Promise<void> }): void;
        /** On a press, before the checkout: `actions.reject()` starts none. */
        onClick?(data: unknown, actions: { resolve(): Promise<void>; reject(): Promise<void> }): Promise<void> | void;
        createOrder(): Promise<string>;
        onApprove(data: { orderID: string; payerID?: string }): Promise<void> | void;
        onCancel?(data: { orderID: string }): void;
        onError?(err: unknown): void;
      }): { isEligible(): boolean; render(container: string | HTMLElement): Promise<void>; close(): Promise<void> };
    };
    Cashfree?: (options: { mode: "sandbox" | "production" }) => {
      checkout(options: { paymentSessionId: string; redirectTarget?: "_modal" | "_self" | "_blank" | HTMLElement }): Promise<{
        error?: { message?: string; code?: string; type?: string };
        redirect?: boolean;
        paymentDetails?: { paymentMessage?: string };
      }>;
    };
  }
}
