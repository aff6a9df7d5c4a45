/** The constants of the legal pages (SPEC §2 Legal, §9). */
export const EFFECTIVE_DATE = "14-05-2025";
export const REFUND_WINDOW_DAYS = 7;
export const REFUND_RESPONSE_BUSINESS_DAYS = 5;
export const LIABILITY_CAP_MONTHS = 3;
