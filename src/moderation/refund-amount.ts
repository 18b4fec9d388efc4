/** The refund dialog's amount field: rupees as typed, to and from paise. */

/** "1,234.50", "₹ 1234" or "1234.5" → paise; null when it is not an amount in rupees with at most two decimals. */
export function rupeesToPaise(text: string): number | null {
  const clean = text.replace(/[₹,\s]/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  const [whole, part = ""] = clean.split(".");
  return Number(whole) * 100 + Number(part.padEnd(2, "0"));
}

/** Paise as the field shows them: 800000 → "8000", 250050 → "2500.50". */
export const paiseToRupeesInput = (paise: number) => (paise % 100 ? (paise / 100).toFixed(2) : String(paise / 100));
