import useSWRMutation from "swr/mutation";
import { api } from "../../lib/api-client";

/** SPEC §3 Contact payload. `phoneNumber` is "+" and the digits with the country code. */
export interface ContactPayload {
  email: string;
  phoneNumber: string;
  subject: string;
  message: string;
}

/** The stored message as the server answers it (201). */
export interface ContactMessage extends ContactPayload {
  id: string;
  createdAt: string;
}

export const CONTACT_CREATE_KEY = "/contact/api/v1/create/";

/** POST /contact/api/v1/create/ (SPEC §7). Rejects with ApiError: 400 field errors, 429 with a message. */
export const createContactMessage = (payload: ContactPayload) => api.post<ContactMessage>(CONTACT_CREATE_KEY, payload);

/** Sends a contact message; `trigger(payload)` resolves with the stored message or rejects with the ApiError. */
export function useCreateContactMessage() {
  return useSWRMutation(CONTACT_CREATE_KEY, (_key: string, { arg }: { arg: ContactPayload }) => createContactMessage(arg));
}
