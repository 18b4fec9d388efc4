import { formatIn } from "../../shared/zoned-time";

/**
 * A calendar day ("2026-11-29") as the app writes it short, in the reader's language: "Nov 29" in English, Intl's
 * own words in another ("29 नव॰"). The day as written, wherever the reader is. One rule for the charts' axes and
 * tooltips and the sentences that tell their figures to screen readers.
 */
export const shortDay = (day: string) => formatIn(day, "MMM D", { month: "short", day: "numeric" });
