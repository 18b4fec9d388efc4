import { currentLocale } from "@/platform/i18n";

/** "1.4 MB", "820 KB": the size of her copy, in the reader's digits. */
export function fileSize(bytes: number): string {
  const locale = `${currentLocale()}-IN`;
  const [value, unit] = bytes >= 1_000_000 ? [bytes / 1_000_000, "megabyte"] : [Math.max(bytes, 1) / 1000, "kilobyte"];
  return new Intl.NumberFormat(locale, { style: "unit", unit, unitDisplay: "short", maximumFractionDigits: 1 }).format(value);
}
