import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { notifications, payoutAccounts, payouts } from "../../db/schema";
import { type LocalCall, routeConnect } from "../../worker/dev/local-stripe/connect";
import type { LocalAccount, LocalAccountLink } from "../../worker/dev/local-stripe/connect-accounts";
import { getObject, putObject, stripeId } from "../../worker/dev/local-stripe/store";
import { accessTokenFor, createMentor, testDb } from "../support/accounts";
import { baseUrl, doublesUrl, trpc } from "../support/api";

/**
 * The local Stripe's Connect (ADR 0024, ADR 0033) beside the development Worker: the onboarding page an account
 * link opens, the Express dashboard a login link opens with its "Pay out now", and the Connect
 * calls the app makes (accounts, links, transfers, reversals, balance, payouts).
 */

async function mentor() {
  const row = await createMentor();
  const token = await accessTokenFor("mentor", row.id);
  return { row, token, api: trpc(token).payouts };
}

const get = (path: string) => fetch(`${doublesUrl()}${path}`, { redirect: "manual" });
const post = (path: string, form: Record<string, string>) =>
  fetch(`${doublesUrl()}${path}`, { method: "POST", body: new URLSearchParams(form), redirect: "manual" });
const pathOf = (url: string) => url.slice(doublesUrl().length);
const noticesOf = async (mentorId: string) =>
  (
    await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, mentorId)))
  ).map((n) => n.content);

/** The stand-in called directly, as the Worker's Stripe client calls it (its events would go to the Worker). */
const local = {
  db: testDb(),
  pagesOrigin: doublesUrl(),
  webhook: async (request: Request) =>
    fetch(new URL(new URL(request.url).pathname, baseUrl()), {
      method: request.method,
      headers: request.headers,
      body: await request.text(),
    }),
};
const call = (method: string, path: string, body: Record<string, unknown> = {}, account: string | null = null) => {
  const parts = path.split("/");
  const key = `${method} ${parts.map((p, i) => (i === 1 ? ":id" : p)).join("/")}`;
  return routeConnect(local, testDb(), { method, path: `/v1/${path}`, key, id: parts[1], parts, body, account } satisfies LocalCall);
};

describe("local onboarding", () => {
  it("adds a test bank account: the account becomes ready through the signed account.updated, and the link is then spent", async () => {
    const m = await mentor();
    const { url } = await m.api.startOnboarding.mutate();
    const link = new URL(url);
    expect(link.origin).toBe(doublesUrl());
    expect(link.pathname).toMatch(/^\/dev\/stripe\/connect\/acct_/);
    expect(link.searchParams.get("return")).toBe(`${baseUrl()}/mentors/earnings?onboarding=return`);
    expect(link.searchParams.get("refresh")).toBe(`${baseUrl()}/mentors/earnings?onboarding=refresh`);
    const accountId = link.pathname.split("/").pop()!;
    expect((await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, m.row.id)))[0].stripeAccountId).toBe(accountId);

    const page = await get(pathOf(url));
    expect(page.status).toBe(200);
    const body = await page.text();
    expect(body).toContain("Add a test bank account");
    expect(body).toContain(`href="${baseUrl()}/mentors/earnings?onboarding=return">Leave for now`);
    expect(await m.api.account.query()).toMatchObject({
      state: "incomplete",
      nextStep: "Add your bank details to receive payouts",
      requirementsDue: expect.arrayContaining(["external_account"]),
    });

    const form = { link: link.searchParams.get("link")!, holder: "Test Mentor", ifsc: "HDFC0000001", number: "000123456789" };
    const wrong = await post(`/dev/stripe/connect/${accountId}`, { ...form, ifsc: "HDFC1" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("Enter an IFSC of 11 characters");
    expect(await m.api.account.query()).toMatchObject({ state: "incomplete" });

    const done = await post(`/dev/stripe/connect/${accountId}`, form);
    expect(done.status).toBe(303);
    expect(done.headers.get("location")).toBe(`${baseUrl()}/mentors/earnings?onboarding=return`);
    // No refresh needed: the account.updated the stand-in sent already brought the state in.
    expect(await m.api.account.query()).toMatchObject({
      state: "ready",
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      requirementsDue: [],
      nextStep: null,
    });
    expect(await noticesOf(m.row.id)).toEqual([expect.stringMatching(/^Your payout account is ready/)]);
    const account = (await getObject<LocalAccount>(testDb(), accountId))!;
    expect(account).toMatchObject({ capabilities: { transfers: "active" }, requirements: { currently_due: [], disabled_reason: null } });
    expect(account.external_accounts!.data[0]).toMatchObject({
      account_holder_name: "Test Mentor",
      routing_number: "HDFC0000001",
      last4: "6789",
    });

    // A used link sends the mentor to refresh_url, where the app makes a new one.
    const again = await get(pathOf(url));
    expect(again.status).toBe(303);
    expect(again.headers.get("location")).toBe(`${baseUrl()}/mentors/earnings?onboarding=refresh`);
  });

  it("an expired link goes to refresh_url; leaving for now keeps the account incomplete; unknown accounts and links are 404", async () => {
    const m = await mentor();
    const { url } = await m.api.startOnboarding.mutate();
    const link = new URL(url);
    const linkId = link.searchParams.get("link")!;
    const stored = (await getObject<LocalAccountLink>(testDb(), linkId))!;
    await putObject(testDb(), { ...stored, expires_at: Math.floor(Date.now() / 1000) - 1 });
    const expired = await get(pathOf(url));
    expect(expired.status).toBe(303);
    expect(expired.headers.get("location")).toBe(`${baseUrl()}/mentors/earnings?onboarding=refresh`);
    const accountId = link.pathname.split("/").pop()!;
    expect(
      (
        await post(`/dev/stripe/connect/${accountId}`, { link: linkId, holder: "X", ifsc: "HDFC0000001", number: "000123456789" })
      ).headers.get("location"),
    ).toContain("onboarding=refresh");

    // The refresh: a new link to the same account, which still works.
    const fresh = new URL((await m.api.startOnboarding.mutate()).url);
    expect(fresh.pathname).toBe(link.pathname);
    expect(fresh.searchParams.get("link")).not.toBe(linkId);
    expect((await get(pathOf(fresh.href))).status).toBe(200);
    expect(await m.api.refreshAccount.mutate()).toMatchObject({ state: "incomplete" });

    expect((await get(`/dev/stripe/connect/acct_nope?link=${fresh.searchParams.get("link")}`)).status).toBe(404);
    expect((await get(`${link.pathname}?link=acctlink_nope`)).status).toBe(404);
    expect((await get(link.pathname)).status).toBe(404);
    expect((await get("/dev/stripe/express/acct_nope")).status).toBe(404);
  });
});

describe("local Express dashboard", () => {
  it("shows the balance and pays it all out: created then paid, mirrored in the app", async () => {
    const m = await mentor();
    const { url } = await m.api.startOnboarding.mutate();
    const link = new URL(url);
    const accountId = link.pathname.split("/").pop()!;
    await expect(m.api.dashboardLink.mutate()).rejects.toMatchObject({ data: { code: "UNPROCESSABLE_CONTENT" } });
    await post(link.pathname, { link: link.searchParams.get("link")!, holder: "Test Mentor", ifsc: "HDFC0000001", number: "000123456789" });

    const dashboard = await m.api.dashboardLink.mutate();
    expect(dashboard.url).toBe(`${doublesUrl()}/dev/stripe/express/${accountId}`);
    await call("POST", "transfers", { amount: "640000", currency: "inr", destination: accountId, transfer_group: "in_test" });
    const before = await (await get(pathOf(dashboard.url))).text();
    expect(before).toContain("₹6,400");
    expect(before).toContain("Pay out now");

    const paid = await post(`/dev/stripe/express/${accountId}/payout`, {});
    expect(paid.status).toBe(303);
    const rows = await testDb().select().from(payouts).where(eq(payouts.mentorId, m.row.id));
    expect(rows).toEqual([
      expect.objectContaining({ stripeAccountId: accountId, amountPaise: 640_000, status: "paid", failureMessage: null }),
    ]);
    expect(rows[0].arrivalDate.toISOString().slice(0, 10)).toBe(new Date().toISOString().slice(0, 10));
    expect((await noticesOf(m.row.id)).filter((n) => n.startsWith("Payout of ₹6,400.00 sent"))).toHaveLength(1);

    expect(paid.headers.get("location")).toMatch(new RegExp(`^/dev/stripe/express/${accountId}\\?done=`));
    const after = await (await get(paid.headers.get("location")!)).text();
    expect(after).toContain("Paid out ₹6,400 to the bank.");
    expect(after).toMatch(/₹6,400<\/td><td>Paid/);
    expect(await call("GET", "balance", {}, accountId)).toMatchObject({ available: [{ amount: 0, currency: "inr" }] });
    // Nothing left: a second press pays nothing.
    await post(`/dev/stripe/express/${accountId}/payout`, {});
    expect(await testDb().select().from(payouts).where(eq(payouts.mentorId, m.row.id))).toHaveLength(1);
  });
});

describe("local Connect calls", () => {
  it("transfers to a ready account only, reverses them in part, and counts the balance", async () => {
    const incomplete = (await call("POST", "accounts", {
      type: "express",
      country: "IN",
      email: "x@example.test",
      metadata: { mentorId: "nobody" },
    })) as LocalAccount;
    expect(incomplete).toMatchObject({
      object: "account",
      type: "express",
      charges_enabled: false,
      requirements: { currently_due: expect.arrayContaining(["external_account"]) },
    });
    await expect(call("POST", "transfers", { amount: "1000", currency: "inr", destination: incomplete.id })).rejects.toMatchObject({
      status: 400,
      code: "insufficient_capabilities_for_transfer",
    });

    const ready = {
      ...incomplete,
      id: stripeId("acct"),
      charges_enabled: true,
      payouts_enabled: true,
      details_submitted: true,
      capabilities: { transfers: "active" as const },
    };
    await putObject(testDb(), ready);
    const transfer = (await call("POST", "transfers", {
      amount: "640000",
      currency: "inr",
      destination: ready.id,
      transfer_group: "in_1",
      metadata: { invoiceId: "in_1" },
    })) as Record<string, unknown>;
    expect(transfer).toMatchObject({
      object: "transfer",
      amount: 640_000,
      destination: ready.id,
      amount_reversed: 0,
      reversed: false,
      transfer_group: "in_1",
      metadata: { invoiceId: "in_1" },
    });
    const reversal = await call("POST", `transfers/${transfer.id}/reversals`, { amount: "160000" });
    expect(reversal).toMatchObject({ object: "transfer_reversal", amount: 160_000, transfer: transfer.id });
    await expect(call("POST", `transfers/${transfer.id}/reversals`, { amount: "480001" })).rejects.toMatchObject({ status: 400 });
    expect(await call("GET", `transfers/${transfer.id}`)).toMatchObject({
      amount_reversed: 160_000,
      reversed: false,
      reversals: { data: [expect.objectContaining({ amount: 160_000 })] },
    });
    expect(await call("GET", "balance", {}, ready.id)).toMatchObject({ available: [{ amount: 480_000 }] });

    await expect(call("POST", "payouts", { amount: "480001", currency: "inr" }, ready.id)).rejects.toMatchObject({
      code: "balance_insufficient",
    });
    const payout = (await call("POST", "payouts", { amount: "80000", currency: "inr" }, ready.id)) as Record<string, unknown>;
    expect(payout).toMatchObject({ object: "payout", amount: 80_000, status: "pending", account: ready.id });
    expect(await call("GET", "balance", {}, ready.id)).toMatchObject({ available: [{ amount: 400_000 }] });
    expect(await call("GET", `payouts/${payout.id}`, {}, ready.id)).toMatchObject({ id: payout.id });
    await expect(call("GET", `payouts/${payout.id}`)).rejects.toMatchObject({ status: 404 });
    // Not a mentor's account: its payout event was acknowledged and nothing stored.
    expect(
      await testDb()
        .select()
        .from(payouts)
        .where(eq(payouts.id, String(payout.id))),
    ).toEqual([]);
    expect(
      await testDb().select({ n: sql<number>`count(*)` }).from(payoutAccounts).where(eq(payoutAccounts.stripeAccountId, ready.id)),
    ).toEqual([{ n: 0 }]);
  });
});
