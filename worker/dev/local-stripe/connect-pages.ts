import { type Context, Hono } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import {
  accountOf,
  balanceOf,
  completedAccount,
  createPayout,
  emitConnectEvent,
  type LocalAccount,
  type LocalAccountLink,
  payoutsOf,
  payPayout,
} from "./connect-accounts";
import type { LocalStripeEnv } from "./lifecycle";
import { getObject, putObject } from "./store";

/**
 * Development-only pages of the local Stripe's Connect (ADR 0024): the hosted onboarding
 * an Account Link opens (`/dev/stripe/connect/:acct`: add a test bank account) and the Express
 * dashboard a login link opens (`/dev/stripe/express/:acct`: balance, payouts, "Pay out now").
 */

type PagesEnv = { Variables: { localStripe: LocalStripeEnv } };
type DevContext = Context<PagesEnv>;

export const TEST_IFSC = "HDFC0000001";
export const TEST_BANK_ACCOUNT = "000123456789";

const rupees = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: paise % 100 ? 2 : 0 }).format(paise / 100);
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

const STYLE = raw(`<style>
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9}
  main{max-width:32rem;margin:2rem auto;padding:0 1rem}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;display:grid;gap:1rem}
  .badge{display:inline-block;justify-self:start;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
  h1{font-size:1.25rem;margin:0} h2{font-size:1rem;margin:0} .amount{font-size:2rem;font-weight:700;margin:0} .muted{color:#475569;font-size:.9rem;margin:0}
  label{font-weight:600;display:grid;gap:.35rem} input{font:inherit;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;width:100%}
  input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
  .row{display:flex;gap:.75rem;flex-wrap:wrap;align-items:center} button,.button{font:inherit;font-weight:600;border-radius:.5rem;padding:.6rem 1rem;border:1px solid transparent;cursor:pointer;text-decoration:none;text-align:center}
  .primary{background:#4f46e5;color:#fff;flex:1} button:disabled{opacity:.5;cursor:not-allowed} .secondary{background:#fff;color:#0f172a;border-color:#94a3b8}
  .alert{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.75rem;margin:0}
  table{border-collapse:collapse;width:100%;font-size:.9rem} th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0}
  .table{overflow-x:auto}
</style>`);

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>${STYLE}</head><body><main>${body}</main></body></html>`;
}

const notFound = (c: DevContext, what: string) =>
  c.html(page("Not found", html`<div class="card"><h1>${what}</h1><p class="muted">The link may be wrong.</p></div>`), 404);

export const connectPages = new Hono<PagesEnv>();

/** The link this page was opened with, when it belongs to the account; and whether it can still be used. */
async function linkFor(
  c: DevContext,
  account: LocalAccount,
  linkId: string | undefined,
): Promise<{ link: LocalAccountLink; usable: boolean } | null> {
  if (!linkId) return null;
  const link = await getObject<LocalAccountLink>(c.var.localStripe.db, linkId);
  if (link?.object !== "account_link" || link.account !== account.id) return null;
  return { link, usable: !link.used && link.expires_at * 1000 > Date.now() };
}

type Entered = { holder: string; ifsc: string; number: string };

function onboardingPage(account: LocalAccount, link: LocalAccountLink, entered: Partial<Entered> = {}, error?: string) {
  return page(
    "Set up payouts",
    html`<div class="card" aria-labelledby="title">
  <span class="badge">Test mode: local Stripe onboarding, no real bank</span>
  <h1 id="title">Add a test bank account</h1>
  <p class="muted">MentorLink pays your earnings through Stripe. ${account.email ? html`Account for ${account.email}.` : ""} Any name works; use a test IFSC such as ${TEST_IFSC} and the account number ${TEST_BANK_ACCOUNT}.</p>
  ${error ? html`<p role="alert" class="alert">${error}</p>` : ""}
  <form method="post" action="/dev/stripe/connect/${account.id}" class="card" style="padding:0;border:0">
    <input type="hidden" name="link" value="${link.id}">
    <label>Account holder<input name="holder" autocomplete="name" required value="${entered.holder ?? ""}"></label>
    <label>IFSC<input name="ifsc" required placeholder="${TEST_IFSC}" value="${entered.ifsc ?? ""}" autocapitalize="characters"></label>
    <label>Account number<input name="number" inputmode="numeric" required placeholder="${TEST_BANK_ACCOUNT}" value="${entered.number ?? ""}"></label>
    <div class="row">
      <button type="submit" class="primary">Submit</button>
      <a class="button secondary" href="${link.return_url}">Leave for now</a>
    </div>
  </form>
</div>`,
  );
}

/** What is wrong with the bank details entered, or null. */
function bankError(entered: Entered): string | null {
  if (!entered.holder) return "Enter the account holder's name.";
  if (!/^[A-Z]{4}0[A-Z0-9]{6}$/.test(entered.ifsc)) return `Enter an IFSC of 11 characters, such as ${TEST_IFSC}.`;
  if (!/^\d{9,18}$/.test(entered.number)) return `Enter an account number of 9 to 18 digits, such as ${TEST_BANK_ACCOUNT}.`;
  return null;
}

connectPages.get("/connect/:acct", async (c) => {
  const account = await accountOf(c.var.localStripe.db, c.req.param("acct"));
  if (!account) return notFound(c, "No such account");
  const found = await linkFor(c, account, c.req.query("link"));
  if (!found) return notFound(c, "No such onboarding link");
  // An expired or used link goes to refresh_url, where the app makes a new one (as Stripe does).
  if (!found.usable) return c.redirect(found.link.refresh_url, 303);
  return c.html(onboardingPage(account, found.link));
});

connectPages.post("/connect/:acct", async (c) => {
  const local = c.var.localStripe;
  const account = await accountOf(local.db, c.req.param("acct"));
  if (!account) return notFound(c, "No such account");
  const form = await c.req.parseBody();
  const found = await linkFor(c, account, typeof form.link === "string" ? form.link : undefined);
  if (!found) return notFound(c, "No such onboarding link");
  if (!found.usable) return c.redirect(found.link.refresh_url, 303);
  const text = (name: string) => (typeof form[name] === "string" ? (form[name] as string).trim() : "");
  const entered = { holder: text("holder"), ifsc: text("ifsc").toUpperCase(), number: text("number").replace(/\s/g, "") };
  const error = bankError(entered);
  if (error) return c.html(onboardingPage(account, found.link, entered, error), 400);
  const done = completedAccount(account, entered);
  await putObject(local.db, { ...found.link, used: true });
  await putObject(local.db, done);
  await emitConnectEvent(local, "account.updated", done, done.id);
  return c.redirect(found.link.return_url, 303);
});

const STATUS_WORDS: Record<string, string> = {
  pending: "Pending",
  in_transit: "In transit",
  paid: "Paid",
  failed: "Failed",
  canceled: "Canceled",
};

connectPages.get("/express/:acct", async (c) => {
  const db = c.var.localStripe.db;
  const account = await accountOf(db, c.req.param("acct"));
  if (!account) return notFound(c, "No such account");
  const [balance, payouts] = await Promise.all([balanceOf(db, account.id), payoutsOf(db, account.id)]);
  const notice = c.req.query("done");
  const bank = account.external_accounts?.data[0];
  return c.html(
    page(
      "Stripe Express dashboard",
      html`<div class="card" aria-labelledby="title">
  <span class="badge">Test mode: local Stripe Express dashboard</span>
  <h1 id="title">Your balance</h1>
  <p class="amount">${rupees(balance)}</p>
  <p class="muted">${account.email ?? account.id}${bank ? html` · pays out to ${bank.account_holder_name}, ${bank.routing_number} ••••${bank.last4}` : ""}</p>
  ${notice ? html`<p role="status" class="muted">${notice}</p>` : ""}
  ${
    account.payouts_enabled
      ? html`<form method="post" action="/dev/stripe/express/${account.id}/payout" class="row"><button type="submit" class="primary" ${balance > 0 ? "" : "disabled"}>Pay out now</button></form>${balance > 0 ? "" : html`<p class="muted">Nothing to pay out yet: your balance is empty.</p>`}`
      : html`<p class="alert">Payouts are not enabled yet: finish onboarding first.</p>`
  }
  <h2>Payouts</h2>
  ${
    payouts.length
      ? html`<div class="table"><table><thead><tr><th scope="col">Amount</th><th scope="col">Status</th><th scope="col">Arrival</th></tr></thead><tbody>
${payouts.map((p) => html`<tr><td>${rupees(p.amount)}</td><td>${STATUS_WORDS[p.status] ?? p.status}${p.failure_message ? html`<br><span class="muted">${p.failure_message}</span>` : ""}</td><td>${day(p.arrival_date)}</td></tr>`)}
</tbody></table></div>`
      : html`<p class="muted">No payouts yet.</p>`
  }
</div>`,
    ),
  );
});

connectPages.post("/express/:acct/payout", async (c) => {
  const local = c.var.localStripe;
  const account = await accountOf(local.db, c.req.param("acct"));
  if (!account) return notFound(c, "No such account");
  const back = (notice: string) => c.redirect(`/dev/stripe/express/${account.id}?done=${encodeURIComponent(notice)}`, 303);
  if (!account.payouts_enabled) return back("Payouts are not enabled yet: finish onboarding first.");
  const balance = await balanceOf(local.db, account.id);
  if (balance <= 0) return back("Nothing to pay out: the balance is empty.");
  // The whole available balance, to the bank today: created, then paid (each event sent as Stripe does).
  const payout = await createPayout(local, account, balance);
  await payPayout(local, payout);
  return back(`Paid out ${rupees(balance)} to the bank.`);
});
