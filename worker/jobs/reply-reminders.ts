import type { Db } from "../../db/client";
import type { Env } from "../env";
import { sendReplyReminders } from "../services/responsiveness/reply-reminders";

/**
 * Mentors whose subscriber has waited 72 hours for an answer get one reminder per wait (ADR 0026):
 * a notification, an e-mail, a push. Idempotent and safe to overlap (see the service).
 */
export function runReplyReminders(db: Db, env: Env, now: Date, waitUntil: (promise: Promise<unknown>) => void) {
  return sendReplyReminders({ db, env, now, waitUntil });
}
