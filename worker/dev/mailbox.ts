import { desc } from "drizzle-orm";
import { Hono } from "hono";
import { html, raw } from "hono/html";
import { emailOutbox } from "../../db/schema";
import { readConfig, type Env } from "../env";
import { dbFor } from "../trpc/context";

/**
 * The development mailbox (ADR 0011): every message in the outbox, newest first, with its text and
 * links, so a reset can be finished with no mail account anywhere. Only when ENVIRONMENT is
 * development; 404 otherwise. `/dev/mailbox.json` is the same list for scripts.
 */
export const devMailbox = new Hono<{ Bindings: Env }>();

devMailbox.use("*", async (c, next) => {
  if (readConfig(c.env).ENVIRONMENT !== "development") return c.text("Not found", 404);
  await next();
});

const STYLE = raw(`<style>
  body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9} main{max-width:48rem;margin:2rem auto;padding:0 1rem}
  article{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1rem 1.25rem;margin:0 0 1rem}
  h1{font-size:1.25rem} h2{font-size:1rem;margin:0} .meta{color:#475569;font-size:.85rem;margin:.25rem 0 .75rem}
  pre{white-space:pre-wrap;font:inherit;margin:0} .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
</style>`);

const linkify = (text: string) =>
  text.split(/(https?:\/\/[^\s]+)/g).map((part, i) => (i % 2 ? html`<a href="${part}">${part}</a>` : html`${part}`));

const recent = (c: { env: Env }) => dbFor(readConfig(c.env)).select().from(emailOutbox).orderBy(desc(emailOutbox.createdAt)).limit(100);

devMailbox.get("/", async (c) => {
  const messages = await recent(c);
  return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Dev mailbox</title>${STYLE}</head><body><main>
<h1>Development mailbox <span class="badge">nothing here left this machine</span></h1>
${messages.length === 0 ? html`<p>No messages yet.</p>` : ""}
${messages.map(
  (m) => html`<article aria-label="${m.subject}">
  <h2>${m.subject}</h2>
  <p class="meta">To ${m.to} · ${m.createdAt.toISOString().replace("T", " ").slice(0, 19)} UTC · ${m.sentAt ? "delivered" : `pending (${m.attempts} attempts)`}</p>
  <pre>${linkify(m.body)}</pre>
</article>`,
)}
</main></body></html>`);
});

devMailbox.get("/messages.json", async (c) => c.json((await recent(c)).map((m) => ({ id: m.id, to: m.to, subject: m.subject, text: m.body, html: m.html, createdAt: m.createdAt, sentAt: m.sentAt }))));
