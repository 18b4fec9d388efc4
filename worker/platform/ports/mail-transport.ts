import { encodeBase64 } from "@oslojs/encoding";
import type { MailAttachment } from "../../../db/schema";
import type { Config } from "../env";

export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  attachments: MailAttachment[];
  createdAt: Date;
};

/** Resend's attachment shape: the content base64-encoded (UTF-8 text such as a calendar file). */
const apiAttachment = (a: MailAttachment) => ({
  filename: a.filename,
  content: encodeBase64(new TextEncoder().encode(a.content)),
  content_type: a.contentType,
});

/**
 * Hands one message to whoever delivers it. Throws when it was not accepted (it will be retried).
 * The entry picks it (worker/third-parties.ts): the mail API, or in development without a key the
 * local mailbox (worker/dev/mailbox-store.ts).
 */
export type MailTransport = { name: "http" | "local"; send(mail: OutgoingMail): Promise<void> };

/** The provider refused a message; `retryAfterMs` is its own word on when to try again (a 429's or 503's Retry-After). */
export class MailRejected extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

/** Retry-After in seconds (the form mail APIs use), else nothing. */
const retryAfterMs = (response: Response) => {
  const seconds = Number(response.headers.get("retry-after"));
  return Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 6 * 60 * 60) * 1000 : undefined;
};

/**
 * How long the mail API may take to answer before the send counts as refused (and is retried, under the same
 * Idempotency-Key): an API that never answers would otherwise hold the delivery that sends it (a queue batch, a batch of
 * reminders) and everything that waits for it.
 */
export const MAIL_ANSWER_MS = 15_000;

/**
 * An e-mail HTTP API in Resend's shape (`POST {from,to,subject,text,html,attachments}` with a bearer key). The
 * outbox row id is the provider's Idempotency-Key, so a retry after a lost answer is not sent twice.
 */
export function httpTransport(config: Pick<Config, "MAIL_API_KEY" | "MAIL_API_URL" | "MAIL_FROM">): MailTransport {
  return {
    name: "http",
    async send(mail) {
      const response = await fetch(config.MAIL_API_URL, {
        method: "POST",
        signal: AbortSignal.timeout(MAIL_ANSWER_MS),
        headers: {
          authorization: `Bearer ${config.MAIL_API_KEY}`,
          "content-type": "application/json",
          "idempotency-key": `mentorlink-${mail.id}`,
        },
        body: JSON.stringify({
          from: config.MAIL_FROM,
          to: [mail.to],
          subject: mail.subject,
          text: mail.text,
          ...(mail.html ? { html: mail.html } : {}),
          ...(mail.attachments.length ? { attachments: mail.attachments.map(apiAttachment) } : {}),
        }),
      });
      if (!response.ok) {
        const detail = (await response.text().catch(() => "")).slice(0, 300);
        throw new MailRejected(`mail API answered ${response.status}${detail ? `: ${detail}` : ""}`, retryAfterMs(response));
      }
    },
  };
}
