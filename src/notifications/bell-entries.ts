import { t } from "@lingui/core/macro";
// The app's Lingui instance, active (English until the reader picks a language) wherever this module runs.
import "../platform/i18n";
import { BELL_LINES } from "./bell-size";

/**
 * The bell's lines: consecutive "New sign-in" alerts become one line ("3 new sign-ins to
 * your account"), so they no longer push every other notice out of the bell's 5 places (SPEC §9).
 * The bell reads more than it shows and folds here; a lone sign-in alert keeps its own text.
 */
export type BellNotification = {
  id: string;
  type: "message" | "alert";
  content: string;
  isRead: boolean;
  conversationId: string | null;
  createdAt: string;
};

export type BellEntry<N extends BellNotification = BellNotification> =
  | { kind: "single"; key: string; notification: N }
  | { kind: "sign-ins"; key: string; count: number; latest: N; isRead: boolean };

export const isSignInAlert = (n: BellNotification) => n.type === "alert" && /^New sign-in\b/.test(n.content);

/** Always two or more. */
export const signInsText = (count: number) => t`${count} new sign-ins to your account. If one wasn't you, change your password.`;

/** Newest first in, newest first out: runs of sign-in alerts folded into one line each, at most `lines` lines. */
export function bellEntries<N extends BellNotification>(list: readonly N[], lines = BELL_LINES): BellEntry<N>[] {
  const entries: BellEntry<N>[] = [];
  for (const n of list) {
    const last = entries[entries.length - 1];
    if (isSignInAlert(n) && last && (last.kind === "sign-ins" || (last.kind === "single" && isSignInAlert(last.notification)))) {
      if (last.kind === "sign-ins") {
        entries[entries.length - 1] = { ...last, count: last.count + 1, isRead: last.isRead && n.isRead };
      } else {
        entries[entries.length - 1] = {
          kind: "sign-ins",
          key: `sign-ins-${last.notification.id}`,
          count: 2,
          latest: last.notification,
          isRead: last.notification.isRead && n.isRead,
        };
      }
      continue;
    }
    if (entries.length === lines) break;
    entries.push({ kind: "single", key: n.id, notification: n });
  }
  return entries;
}
