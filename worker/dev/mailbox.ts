import { Hono } from "hono";
import { html, raw } from "hono/html";
import type { Db } from "../../db/client";
import { devMailboxMessage, devMailboxMessages, keepDevCopy } from "./mailbox-store";

/**
 * The local mail provider (ADR 0011, ADR 0033): it takes the Worker's mail on Resend's `POST /emails`
 * (the production transport, pointed here by MAIL_API_URL) and keeps a copy of each message, once per
 * idempotency key, as Resend sends it once. `/dev/mailbox` lists them newest first with their text
 * and links (the outbox forgets a code once it is delivered, this copy does not), so a reset can be
 * finished with no mail account anywhere; `/dev/mailbox/messages.json` is the same list for scripts
 * (`?to=<address>` for one inbox). Each message links to its HTML version and its attached files.
 */
export function localMailProvider(db: Db): { app: Hono; controls: MailProviderControls } {
  const controls: MailProviderControls = { down: false, script: [], delayMs: 0, requests: [], sentKeys: new Set() };
  const app = new Hono();
  app.post("/emails", async (c) => {
    const body = await c.req.json<MailApiBody>().catch(() => null);
    if (!c.req.header("authorization")?.startsWith("Bearer ")) return c.json({ message: "Missing API key" }, 401);
    if (!body || !Array.isArray(body.to) || !body.to.length || typeof body.subject !== "string" || typeof body.text !== "string")
      return c.json({ message: "from, to, subject and text are required" }, 422);
    if (controls.delayMs) await new Promise((resolve) => setTimeout(resolve, controls.delayMs));
    const key = c.req.header("idempotency-key");
    const scripted = controls.script.shift();
    const accepted = scripted ? Boolean(scripted.acceptFirst) : !controls.down;
    const repeat = accepted && key !== undefined && controls.sentKeys.has(key);
    if (accepted && key) controls.sentKeys.add(key);
    controls.requests.push({ accepted: accepted && !repeat, idempotencyKey: key, authorization: c.req.header("authorization"), body });
    if (accepted && !repeat) await keep(db, body, key);
    const status = scripted?.status ?? (accepted ? 200 : 503);
    const headers = scripted?.retryAfter ? { "retry-after": String(scripted.retryAfter) } : undefined;
    return c.json(status === 200 ? { id: key ?? crypto.randomUUID() } : { message: "service unavailable" }, status as 200, headers);
  });
  app.route("/dev/mailbox", mailboxPages(db));
  return { app, controls };
}

/** A copy of each recipient's message in the mailbox. */
async function keep(db: Db, body: MailApiBody, key: string | undefined) {
  // The production transport keys each message by its outbox row (`mentorlink-<id>`): the copy keeps the row's id.
  const id = (key ?? crypto.randomUUID()).replace(/^mentorlink-/, "");
  const attachments = (body.attachments ?? []).map((a) => ({
    filename: a.filename,
    contentType: a.content_type ?? "application/octet-stream",
    content: Buffer.from(a.content, "base64").toString("utf8"),
  }));
  const now = Date.now();
  for (const [i, to] of body.to.entries()) {
    await keepDevCopy(
      db,
      {
        id: i ? `${id}#${i}` : id,
        to,
        subject: body.subject,
        text: body.text,
        html: body.html ?? null,
        attachments,
        createdAt: new Date(now),
      },
      now,
    );
  }
}

/** One answer to give next: a status (a 429 with Retry-After, a 500), and whether the message was taken all the same (an answer lost on the way). */
export type ScriptedAnswer = { status: number; retryAfter?: number; acceptFirst?: boolean };
export type MailApiRequest = {
  accepted: boolean;
  idempotencyKey: string | undefined;
  authorization: string | undefined;
  body: MailApiBody;
};

/**
 * Switches for a test of a failing provider: `down` answers 503 (an outage), `script` lists the next
 * answers to give, `delayMs` is each answer's latency. Every request is recorded; like Resend, a
 * message whose idempotency key was sent already is answered as the first was and not kept again.
 */
export type MailProviderControls = {
  down: boolean;
  script: ScriptedAnswer[];
  delayMs: number;
  requests: MailApiRequest[];
  sentKeys: Set<string>;
};

/** Resend's `POST /emails` body, as worker/platform/ports/mail-transport.ts sends it. */
export type MailApiBody = {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html?: string;
  attachments?: { filename: string; content: string; content_type?: string }[];
};

function mailboxPages(db: Db) {
  const devMailbox = new Hono();

  const STYLE = raw(`<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9} main{max-width:48rem;margin:2rem auto;padding:0 1rem}
  article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem}
  h1{font-size:1.25rem} h2{font-size:1rem;margin:0} .meta{color:#475569;font-size:.85rem;margin:.25rem 0 .75rem}
  pre{white-space:pre-wrap;font:inherit;margin:0} .files{margin:.75rem 0 0;padding:.5rem 0 0;border-top:1px solid #e2e8f0;font-size:.9rem} .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
</style>`);

  const linkify = (text: string) =>
    text.split(/(https?:\/\/[^\s]+)/g).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : html`${part}`));

  const recent = (_c: unknown, to?: string) => devMailboxMessages(db, { to, limit: 100 });

  devMailbox.get("/", async (c) => {
    const messages = await recent(c);
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Dev mailbox</title>${STYLE}</head><body><main>
<h1>Development mailbox <span class="badge">nothing here left this machine</span></h1>
${messages.length === 0 ? html`<p>No messages yet.</p>` : ""}
${messages.map(
  (m) => html`<article aria-label="${m.subject}">
  <h2>${m.subject}</h2>
  <p class="meta">To ${m.to} · ${m.sentAt.toISOString().replace("T", " ").slice(0, 19)} UTC${m.html ? html` · <a href="/dev/mailbox/messages/${m.id}/html">View as HTML</a>` : ""}</p>
  <pre>${linkify(m.text)}</pre>
  ${
    m.attachments.length
      ? html`<p class="files">Attached: ${m.attachments.map(
          (a, i) =>
            html`${i ? ", " : ""}<a href="/dev/mailbox/messages/${m.id}/attachments/${i}" download="${a.filename}">${a.filename}</a> (${a.contentType.split(";")[0]})`,
        )}</p>`
      : ""
  }
</article>`,
)}
</main></body></html>`);
  });

  devMailbox.get("/messages.json", async (c) => c.json(await recent(c, c.req.query("to") || undefined)));

  /** The message's HTML as its recipient's mail program would show it (sandboxed: no scripts run). */
  devMailbox.get("/messages/:id/html", async (c) => {
    const message = await devMailboxMessage(db, c.req.param("id"));
    if (!message?.html) return c.text("Not found", 404);
    return c.body(message.html, 200, {
      "content-type": "text/html; charset=utf-8",
      "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https:",
    });
  });

  /** One attached file, downloaded with its name and type (`/dev/mailbox/messages/<id>/attachments/<n>`). */
  devMailbox.get("/messages/:id/attachments/:index", async (c) => {
    const message = await devMailboxMessage(db, c.req.param("id"));
    const file = message?.attachments[Number(c.req.param("index"))];
    if (!file) return c.text("Not found", 404);
    const name = file.filename.replace(/[^\w.-]+/g, "_");
    return c.body(file.content, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${name}"` });
  });

  return devMailbox;
}
