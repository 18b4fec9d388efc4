import { Hono } from "hono";
import { html, raw } from "hono/html";
import { isDevelopment, readConfig, type Env } from "../env";
import { devMailboxMessage, devMailboxMessages } from "./mailbox-store";
import { dbFor } from "../database";

/**
 * The development mailbox (ADR 0011): every message the local transport delivered, newest first,
 * with its text and links, from the mailbox's own copy (the outbox forgets a code once it is
 * delivered), so a reset can be finished with no mail account anywhere. Development only; 404
 * otherwise. `/dev/mailbox/messages.json` is the same list for scripts (`?to=<address>` for one inbox).
 * Each message links to its HTML version and to its attached files (a booking's .ics) for download.
 */
export const devMailbox = new Hono<{ Bindings: Env }>();

devMailbox.use("*", async (c, next) => {
  if (!isDevelopment(readConfig(c.env))) return c.text("Not found", 404);
  await next();
});

const STYLE = raw(`<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9} main{max-width:48rem;margin:2rem auto;padding:0 1rem}
  article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem}
  h1{font-size:1.25rem} h2{font-size:1rem;margin:0} .meta{color:#475569;font-size:.85rem;margin:.25rem 0 .75rem}
  pre{white-space:pre-wrap;font:inherit;margin:0} .files{margin:.75rem 0 0;padding:.5rem 0 0;border-top:1px solid #e2e8f0;font-size:.9rem} .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
</style>`);

const linkify = (text: string) =>
  text.split(/(https?:\/\/[^\s]+)/g).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : html`${part}`));

const recent = (c: { env: Env }, to?: string) => devMailboxMessages(dbFor(readConfig(c.env)), { to, limit: 100 });

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
          (a, i) => html`${i ? ", " : ""}<a href="/dev/mailbox/messages/${m.id}/attachments/${i}" download="${a.filename}">${a.filename}</a> (${a.contentType.split(";")[0]})`,
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
  const message = await devMailboxMessage(dbFor(readConfig(c.env)), c.req.param("id"));
  if (!message?.html) return c.text("Not found", 404);
  return c.body(message.html, 200, { "content-type": "text/html; charset=utf-8", "content-security-policy": "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data: https:" });
});

/** One attached file, downloaded with its name and type (`/dev/mailbox/messages/<id>/attachments/<n>`). */
devMailbox.get("/messages/:id/attachments/:index", async (c) => {
  const message = await devMailboxMessage(dbFor(readConfig(c.env)), c.req.param("id"));
  const file = message?.attachments[Number(c.req.param("index"))];
  if (!file) return c.text("Not found", 404);
  const name = file.filename.replace(/[^\w.-]+/g, "_");
  return c.body(file.content, 200, { "content-type": file.contentType, "content-disposition": `attachment; filename="${name}"` });
});
