import { type Context, Hono } from "hono";
import { html, raw } from "hono/html";
import type { HtmlEscapedString } from "hono/utils/html";
import { connectPages } from "./connect-pages";
import {
  completeSession,
  endSubscription,
  failRenewal,
  type LocalStripeEnv,
  type LocalSubscription,
  recordDecline,
  renewSubscription,
} from "./lifecycle";
import { chargesForPage, closeDispute, disputeOfCharge, type LocalCharge, openDispute, refundCharge } from "./money";
import { getObject, listObjects, type StripeObject } from "./store";

/** Test cards of the local checkout (Stripe's own test numbers). */
export const TEST_CARD_PAYS = "4242424242424242";
export const TEST_CARD_DECLINED = "4000000000000002";
export const DECLINE_MESSAGE = "Your card was declined. No money was taken. Try another card, or cancel.";

type LocalSession = StripeObject & {
  status: string;
  amount_total: number;
  product_name: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string;
  expires_at: number;
  last_decline: boolean;
};

const rupees = (paise: number) =>
  new Intl.NumberFormat("en-IN", { style: "currency", currency: "INR", maximumFractionDigits: paise % 100 ? 2 : 0 }).format(paise / 100);
const dateTime = (seconds: number | null | undefined) =>
  seconds ? `${new Date(seconds * 1000).toISOString().replace("T", " ").slice(0, 16)} UTC` : "-";

const STYLE = raw(`<style>
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9}
  main{max-width:28rem;margin:2rem auto;padding:0 1rem} .wide{max-width:60rem}
  .card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.5rem;display:grid;gap:1rem}
  .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600}
  h1{font-size:1.25rem;margin:0} .amount{font-size:2rem;font-weight:700;margin:0} .muted{color:#475569;font-size:.9rem;margin:0}
  label{font-weight:600;display:grid;gap:.35rem} input{font:inherit;padding:.6rem .75rem;border:1px solid #94a3b8;border-radius:.5rem;width:100%}
  input:focus-visible,button:focus-visible,a:focus-visible{outline:3px solid #6366f1;outline-offset:2px}
  .row{display:flex;gap:.75rem;flex-wrap:wrap} button,.button{font:inherit;font-weight:600;border-radius:.5rem;padding:.6rem 1rem;border:1px solid transparent;cursor:pointer;text-decoration:none;text-align:center}
  .primary{background:#4f46e5;color:#fff;flex:1} .secondary{background:#fff;color:#0f172a;border-color:#94a3b8}
  .alert{background:#fef2f2;color:#991b1b;border:1px solid #fecaca;border-radius:.5rem;padding:.75rem}
  table{border-collapse:collapse;width:100%;font-size:.9rem} th,td{text-align:left;padding:.5rem;border-bottom:1px solid #e2e8f0;vertical-align:top}
  .table{overflow-x:auto}
</style>`);

function page(title: string, body: HtmlEscapedString | Promise<HtmlEscapedString>, wide = false) {
  return html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>${title}</title>${STYLE}</head><body><main class="${wide ? "wide" : ""}">${body}</main></body></html>`;
}

type PagesEnv = { Variables: { localStripe: LocalStripeEnv } };
type DevContext = Context<PagesEnv>;
const localEnv = (c: DevContext): LocalStripeEnv => c.var.localStripe;
const dbOf = (c: DevContext) => c.var.localStripe.db;

const pages = new Hono<PagesEnv>();
// Connect (ADR 0024): the local onboarding (/dev/stripe/connect/:acct) and Express dashboard (/dev/stripe/express/:acct).
pages.route("/", connectPages);

/** The local Stripe's pages (ADR 0010): a test checkout, a lifecycle page, and Connect's onboarding and dashboard. */
export function localStripePages(local: LocalStripeEnv) {
  return new Hono<PagesEnv>()
    .use("*", async (c, next) => {
      c.set("localStripe", local);
      await next();
    })
    .route("/", pages);
}

function checkoutPage(session: LocalSession, error?: string) {
  const cancelUrl = session.last_decline ? `${session.cancel_url}?reason=card_declined` : session.cancel_url;
  return page(
    "Test checkout",
    html`<div class="card" aria-labelledby="title">
  <span class="badge">Test mode: local checkout, no real money</span>
  <h1 id="title">${session.product_name}</h1>
  <p class="amount">${rupees(session.amount_total)} <span class="muted">/ month</span></p>
  <p class="muted">4 one-hour calls a month, unlimited Q&amp;A via chat. Renews monthly until you cancel.</p>
  ${session.customer_email ? html`<p class="muted">Paying as ${session.customer_email}</p>` : ""}
  ${error ? html`<p role="alert" class="alert">${error}</p>` : ""}
  <form method="post" action="/dev/stripe/checkout/${session.id}/pay" class="card" style="padding:0;border:0">
    <label>Card number
      <input name="card" inputmode="numeric" autocomplete="cc-number" required placeholder="4242 4242 4242 4242" aria-describedby="card-help">
    </label>
    <p id="card-help" class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
    <div class="row">
      <button type="submit" class="primary">Pay ${rupees(session.amount_total)}</button>
      <a class="button secondary" href="${cancelUrl}">Cancel</a>
    </div>
  </form>
</div>`,
  );
}

function closedPage(session: LocalSession) {
  const done = session.status === "complete";
  return page(
    "Checkout closed",
    html`<div class="card"><h1>${done ? "This checkout is already paid" : "This checkout has expired"}</h1>
<p class="muted">${done ? "Your subscription is being set up." : "Start again from the mentor's profile."}</p>
<a class="button primary" href="${done ? session.success_url.replace("{CHECKOUT_SESSION_ID}", session.id) : session.cancel_url}">Back to MentorLink</a></div>`,
  );
}

pages.get("/checkout/:id", async (c) => {
  const session = await getObject<LocalSession>(dbOf(c), c.req.param("id"));
  if (session?.object !== "checkout.session")
    return c.html(page("Not found", html`<div class="card"><h1>No such checkout</h1></div>`), 404);
  if (session.status !== "open" || session.expires_at * 1000 < Date.now()) return c.html(closedPage(session), 410);
  return c.html(checkoutPage(session));
});

pages.post("/checkout/:id/pay", async (c) => {
  const db = dbOf(c);
  const session = await getObject<LocalSession>(db, c.req.param("id"));
  if (session?.object !== "checkout.session")
    return c.html(page("Not found", html`<div class="card"><h1>No such checkout</h1></div>`), 404);
  if (session.status !== "open" || session.expires_at * 1000 < Date.now()) return c.html(closedPage(session), 410);
  const form = await c.req.parseBody();
  const card = String(form.card ?? "").replace(/[\s-]/g, "");
  if (card === TEST_CARD_DECLINED) {
    const declined = { ...session, last_decline: true };
    await recordDecline(db, declined as never);
    return c.html(checkoutPage(declined, DECLINE_MESSAGE), 402);
  }
  if (card !== TEST_CARD_PAYS) {
    return c.html(
      checkoutPage(session, "This test checkout takes the test card 4242 4242 4242 4242 (or 4000 0000 0000 0002 to see a decline)."),
      400,
    );
  }
  const completed = await completeSession(localEnv(c), db, session as never);
  return c.redirect(completed.success_url.replace("{CHECKOUT_SESSION_ID}", completed.id), 303);
});

/** The payments card of the lifecycle page: refund a charge as Stripe's dashboard would, open and close a dispute. */
function paymentsCard(charges: Awaited<ReturnType<typeof chargesForPage>>) {
  return html`<div class="card" style="margin-top:1rem"><h2 style="margin:0;font-size:1.1rem">Payments</h2>
<p class="muted">Each paid invoice's charge. Refund gives back what is left of it (a destination charge's transfer is reversed and the fee refunded in proportion); a dispute takes the money back until the bank decides. Each sends the event Stripe would send.</p>
${
  charges.length
    ? html`<div class="table"><table><caption class="muted" style="text-align:left">Newest first</caption><thead><tr><th scope="col">Charge</th><th scope="col">Amount</th><th scope="col">Refunded</th><th scope="col">Dispute</th><th scope="col">Actions</th></tr></thead><tbody>
${charges.map(
  (
    ch,
  ) => html`<tr><td>${ch.id}<br><span class="muted">${ch.transfer ? "destination charge" : "platform charge (held share)"} · ${dateTime(ch.created as number)}</span></td>
<td>${rupees(ch.amount)}</td><td>${rupees(ch.amount_refunded)}</td><td>${ch.disputeStatus ?? "-"}</td>
<td><form method="post" action="/dev/stripe/charges/${ch.id}" class="row">
${!ch.disputed && ch.amount_refunded < ch.amount ? html`<button name="action" value="refund" class="secondary">Refund ${rupees(ch.amount - ch.amount_refunded)}</button><button name="action" value="dispute" class="secondary">Open a dispute</button>` : ""}
${ch.disputeStatus === "needs_response" ? html`<button name="action" value="won" class="secondary">Close dispute (won)</button><button name="action" value="lost" class="secondary">Close dispute (lost)</button>` : ""}
</form></td></tr>`,
)}</tbody></table></div>`
    : html`<p class="muted">No payments yet.</p>`
}</div>`;
}

pages.post("/charges/:id", async (c) => {
  const db = dbOf(c);
  const charge = await getObject<LocalCharge>(db, c.req.param("id"));
  if (charge?.object !== "charge") return c.text("No such charge", 404);
  const action = String((await c.req.parseBody()).action ?? "");
  const local = localEnv(c);
  try {
    if (action === "refund")
      await refundCharge(local, db, {
        charge: charge.id,
        reverse_transfer: charge.transfer ? "true" : undefined,
        refund_application_fee: charge.transfer ? "true" : undefined,
        reason: "requested_by_customer",
      });
    else if (action === "dispute") await openDispute(local, db, charge.id);
    else if (action === "won" || action === "lost") {
      const dispute = await disputeOfCharge(db, charge.id);
      if (!dispute) return c.text("This charge has no dispute", 400);
      await closeDispute(local, db, dispute.id, action);
    } else return c.text("Unknown action", 400);
  } catch (error) {
    return c.text(String((error as Error).message ?? error), 400);
  }
  return c.redirect(`/dev/stripe?done=${encodeURIComponent(action === "won" || action === "lost" ? `dispute ${action}` : action)}`, 303);
});

pages.get("/", async (c) => {
  const charges = await chargesForPage(dbOf(c));
  const subs = await listObjects<LocalSubscription>(dbOf(c), "subscription");
  const notice = c.req.query("done");
  return c.html(
    page(
      "Local Stripe: subscriptions",
      html`<div class="card"><span class="badge">Development only</span><h1>Local Stripe: subscriptions</h1>
<p class="muted">Try the lifecycle without waiting a month. Each button changes the subscription here and sends the signed event Stripe would send to the webhook.</p>
${notice ? html`<p role="status" class="muted">Done: ${notice}.</p>` : ""}
${
  subs.length
    ? html`<div class="table"><table><caption class="muted" style="text-align:left">Newest first</caption><thead><tr><th scope="col">Subscription</th><th scope="col">Status</th><th scope="col">Period ends</th><th scope="col">Actions</th></tr></thead><tbody>
${subs.map(
  (s) => html`<tr><td>${s.product_name}<br><span class="muted">${s.customer_email ?? s.customer} · ${s.id}</span></td>
<td>${s.status}${s.cancel_at_period_end ? " (ends at period end)" : ""}</td><td>${dateTime(s.items.data[0]?.current_period_end)}</td>
<td>${
    s.status === "canceled"
      ? html`<span class="muted">Ended ${dateTime(s.ended_at)}</span>`
      : html`<form method="post" action="/dev/stripe/subscriptions/${s.id}" class="row">
${s.cancel_at_period_end ? "" : html`<button name="action" value="renew" class="secondary">Renew now</button><button name="action" value="fail" class="secondary">Fail renewal payment</button>`}
<button name="action" value="end" class="secondary">End now</button></form>`
  }</td></tr>`,
)}</tbody></table></div>`
    : html`<p class="muted">No subscriptions yet. Subscribe to a mentor as a mentee first.</p>`
}</div>${paymentsCard(charges)}`,
      true,
    ),
  );
});

pages.post("/subscriptions/:id", async (c) => {
  const db = dbOf(c);
  const sub = await getObject<LocalSubscription>(db, c.req.param("id"));
  if (sub?.object !== "subscription") return c.text("No such subscription", 404);
  if (sub.status === "canceled") return c.redirect("/dev/stripe?done=already+ended", 303);
  const action = String((await c.req.parseBody()).action ?? "");
  const local = localEnv(c);
  if (action === "renew") await renewSubscription(local, db, sub);
  else if (action === "fail") await failRenewal(local, db, sub);
  else if (action === "end") await endSubscription(local, db, sub, sub.status === "past_due" ? "payment_failed" : "cancellation_requested");
  else return c.text("Unknown action", 400);
  return c.redirect(`/dev/stripe?done=${encodeURIComponent(action)}`, 303);
});
