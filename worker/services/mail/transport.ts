import type { Db } from "../../../db/client";
import { isDevelopment, type Config } from "../../env";
import { currentTime } from "../clock";
import { keepDevCopy } from "./dev-mailbox";

export type OutgoingMail = { id: string; to: string; subject: string; text: string; html: string | null; createdAt: Date };

/** Hands one message to whoever delivers it. Throws when it was not accepted (it will be retried). */
export type MailTransport = { name: "http" | "local"; send(mail: OutgoingMail): Promise<void> };

export class MailRejected extends Error {}

/**
 * An e-mail HTTP API in Resend's shape (`POST {from,to,subject,text,html}` with a bearer key). The
 * outbox row id is the provider's Idempotency-Key, so a retry after a lost answer is not sent twice.
 */
export function httpTransport(config: Pick<Config, "MAIL_API_KEY" | "MAIL_API_URL" | "MAIL_FROM">): MailTransport {
  return {
    name: "http",
    async send(mail) {
      const response = await fetch(config.MAIL_API_URL, {
        method: "POST",
        headers: {
          authorization: `Bearer ${config.MAIL_API_KEY}`,
          "content-type": "application/json",
          "idempotency-key": `mentorlink-${mail.id}`,
        },
        body: JSON.stringify({ from: config.MAIL_FROM, to: [mail.to], subject: mail.subject, text: mail.text, ...(mail.html ? { html: mail.html } : {}) }),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 300);
        throw new MailRejected(`mail API answered ${response.status}${detail ? `: ${detail}` : ""}`);
      }
    },
  };
}

/**
 * Nothing leaves the machine: the message is kept in the development mailbox's own table, which
 * /dev/mailbox shows (the outbox row may be redacted once delivered).
 */
export function localTransport(db: Db): MailTransport {
  return { name: "local", send: (mail) => keepDevCopy(db, mail, currentTime()) };
}

/** The mail API when configured; the local mailbox in development without a key (production requires the key). */
export function transportFor(config: Config, db: Db): MailTransport {
  if (config.MAIL_API_KEY) return httpTransport(config);
  if (isDevelopment(config)) return localTransport(db);
  throw new Error("MAIL_API_KEY is not set, and only development may keep mail locally");
}
