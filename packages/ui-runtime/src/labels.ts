/**
 * How a data key reads where a screen shows it without a label of its own (a table's column, a chart's series):
 * "unitPrice" → "Unit price", "full_name" → "Full name", "id" → "ID". The renderer draws it, the evaluation reads
 * it back and the built-in generator labels with it, so all three say the same.
 */
export function humanize(key: string): string {
  if (key.toLowerCase() === "id") return "ID";
  const words = key
    .replace(/[_-]+/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
