/** Common dialling codes for the contact form's country select (India first: the default). */
export interface DiallingCode {
  /** ISO 3166 country code: the option's value (a code such as +1 is shared by several countries). */
  iso: string;
  country: string;
  code: string;
}

const OTHERS: DiallingCode[] = [
  { iso: "AU", country: "Australia", code: "61" },
  { iso: "BD", country: "Bangladesh", code: "880" },
  { iso: "BR", country: "Brazil", code: "55" },
  { iso: "CA", country: "Canada", code: "1" },
  { iso: "CN", country: "China", code: "86" },
  { iso: "FR", country: "France", code: "33" },
  { iso: "DE", country: "Germany", code: "49" },
  { iso: "ID", country: "Indonesia", code: "62" },
  { iso: "IE", country: "Ireland", code: "353" },
  { iso: "IT", country: "Italy", code: "39" },
  { iso: "JP", country: "Japan", code: "81" },
  { iso: "KE", country: "Kenya", code: "254" },
  { iso: "MY", country: "Malaysia", code: "60" },
  { iso: "MX", country: "Mexico", code: "52" },
  { iso: "NP", country: "Nepal", code: "977" },
  { iso: "NL", country: "Netherlands", code: "31" },
  { iso: "NZ", country: "New Zealand", code: "64" },
  { iso: "NG", country: "Nigeria", code: "234" },
  { iso: "PK", country: "Pakistan", code: "92" },
  { iso: "PH", country: "Philippines", code: "63" },
  { iso: "QA", country: "Qatar", code: "974" },
  { iso: "SA", country: "Saudi Arabia", code: "966" },
  { iso: "SG", country: "Singapore", code: "65" },
  { iso: "ZA", country: "South Africa", code: "27" },
  { iso: "KR", country: "South Korea", code: "82" },
  { iso: "ES", country: "Spain", code: "34" },
  { iso: "LK", country: "Sri Lanka", code: "94" },
  { iso: "CH", country: "Switzerland", code: "41" },
  { iso: "TH", country: "Thailand", code: "66" },
  { iso: "AE", country: "United Arab Emirates", code: "971" },
  { iso: "GB", country: "United Kingdom", code: "44" },
  { iso: "US", country: "United States", code: "1" },
];

export const DEFAULT_COUNTRY = "IN";
export const DIALLING_CODES: DiallingCode[] = [{ iso: "IN", country: "India", code: "91" }, ...OTHERS];

/** Italy keeps its leading 0 in international numbers; elsewhere a leading 0 is the national trunk prefix. */
const KEEPS_LEADING_ZERO = new Set(["39"]);

/**
 * The `phoneNumber` sent to the server: "+", the country's code and the national number's digits ("98765 43210" with
 * India → "+919876543210"). Spaces, dashes, dots and brackets are dropped, and so is a national trunk prefix 0. A
 * number typed with its own "+" is taken as it is. Anything else the user typed is kept, so the server says what is
 * wrong with it.
 */
export function toPhoneNumber(iso: string, typed: string): string {
  const raw = typed.trim().replace(/[\s\-().]/g, "");
  if (raw === "") return "";
  if (raw.startsWith("+")) return raw;
  const code = DIALLING_CODES.find((c) => c.iso === iso)?.code ?? "91";
  const national = KEEPS_LEADING_ZERO.has(code) ? raw : raw.replace(/^0+/, "");
  return `+${code}${national}`;
}
