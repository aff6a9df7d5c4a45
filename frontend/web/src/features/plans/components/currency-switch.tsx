import { Segmented, type SegmentedOption } from "../../../components/ui/segmented";
import { CURRENCIES, type Currency } from "../api";

const SYMBOL: Record<Currency, string> = { USD: "$", INR: "₹" };
const OPTIONS: SegmentedOption<Currency>[] = CURRENCIES.map((c) => ({ value: c, label: c, decoration: SYMBOL[c] }));

/** SPEC §4: USD or INR (a radio group: arrow keys move between the two). */
export function CurrencySwitch({ value, onChange }: { value: Currency; onChange(c: Currency): void }) {
  return <Segmented legend="Currency" options={OPTIONS} value={value} onChange={onChange} />;
}
