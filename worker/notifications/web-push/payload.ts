import type { Locale } from "../../../shared/locale";
import type { NotificationPush } from "../../../shared/realtime-protocol";
import type { Role } from "../../../shared/role";
import type { WebPushPayload } from "../../../shared/web-push";
import { pushBody, pushTitle } from "../../platform/i18n/push-words";

/**
 * The one place a Web Push message's words and target are made (ADR 0027): a bell notice, its
 * recipient's role and language in, what the device shows and opens out. The words, in her language,
 * come from worker/platform/i18n/push-words.ts.
 */

/** A lock screen shows a few lines; a long agenda or a moderator's note is cut here, whole in the app. */
export const MAX_BODY = 240;

const area = (role: Role) => (role === "mentee" ? "/mentees" : role === "mentor" ? "/mentors" : "/moderator");

/** The screen a click opens: the conversation, her booked slots (his schedule), his dashboard for a moderator's decision. */
export function screenFor(notice: Pick<NotificationPush, "kind" | "conversationId">, role: Role): string {
  if (role === "moderator") return "/moderator";
  const home = area(role);
  switch (notice.kind) {
    case "message":
      return notice.conversationId ? `${home}/connect/inbox/${notice.conversationId}` : `${home}/connect/inbox`;
    case "reminder":
      // Her booked slots list the session with its agenda; his dashboard has "Go Live" for the next 24 hours.
      return role === "mentee" ? "/mentees/booked-slots" : "/mentors";
    case "booking":
      return role === "mentee" ? "/mentees/booked-slots" : "/mentors/scheduler";
    case "moderation":
      return role === "mentee" ? "/mentees/tickets" : "/mentors";
    case "account":
      return home;
  }
}

const shorten = (text: string) => (text.length > MAX_BODY ? `${text.slice(0, MAX_BODY - 1).trimEnd()}…` : text);

export function pushPayload(notice: NotificationPush, role: Role, locale: Locale): WebPushPayload {
  return {
    kind: notice.kind,
    title: pushTitle(notice.kind, locale),
    body: shorten(pushBody(notice.content, locale)),
    url: screenFor(notice, role),
    // A new message of a conversation replaces the one before it on the device; other notices stand alone.
    tag: notice.kind === "message" && notice.conversationId ? `message:${notice.conversationId}` : `notice:${notice.id}`,
    lang: locale,
    noticeId: notice.id,
    sentAt: notice.createdAt,
  };
}

export type DeliveryOptions = { ttl: number; urgency: "normal" | "high"; topic?: string };

const HOUR_S = 60 * 60;

/**
 * How the push service treats it (RFC 8030 §5): a reminder is worth little after its hour and is
 * urgent, a message is urgent, the rest keeps a day; a device that was offline receives only the
 * newest message of each conversation (the topic: the conversation id, 32 characters, replaces a
 * pending one).
 */
export function deliveryOptions(notice: Pick<NotificationPush, "kind" | "conversationId">): DeliveryOptions {
  if (notice.kind === "reminder") return { ttl: HOUR_S, urgency: "high" };
  if (notice.kind === "message")
    return {
      ttl: 24 * HOUR_S,
      urgency: "high",
      ...(notice.conversationId ? { topic: notice.conversationId.replace(/-/g, "").slice(0, 32) } : {}),
    };
  return { ttl: 24 * HOUR_S, urgency: "normal" };
}
