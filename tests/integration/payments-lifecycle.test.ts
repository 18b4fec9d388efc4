import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, mentees, mentors } from "../../db/schema";
import { seedDemoData } from "../../db/seed";
import { createMentor, signIn, testDb } from "../support/accounts";
import { checkout, isActiveFor, mentee, ownPaymentsStack, pairRows, rest, sessionIdOf, stripe, subscribe, trpc } from "../support/payments";

ownPaymentsStack();

/** Subscribe and pay against the local Stripe (ADR 0010, ADR 0033): renewals, cancellation and expiry, the subscribed lists, and the demo seed. */
describe("lifecycle", () => {
  it("cancels at period end through Stripe, resumes, then ends when Stripe deletes the subscription", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const paid = await subscribe(buyer.accessToken, mentor.id);
    const client = trpc(buyer.accessToken);
    const [sub] = await client.subscriptions.mine.query();

    await client.subscriptions.cancel.mutate({ subscriptionId: sub.id });
    expect(stripe.requestsTo("POST", `/v1/subscriptions/${paid.subscription.id}`).at(-1)!.body).toEqual({ cancel_at_period_end: "true" });
    expect((await client.subscriptions.mine.query())[0]).toMatchObject({
      status: "ending",
      cancelAtPeriodEnd: true,
      isActive: true,
      currentPeriodEnd: sub.currentPeriodEnd,
    });
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(true);
    // Stripe's own event for the change finds nothing left to do.
    expect((await stripe.send(stripe.event("customer.subscription.updated", await stripe.object(paid.subscription.id)))).body.outcome).toBe(
      "unchanged",
    );

    await client.subscriptions.resume.mutate({ subscriptionId: sub.id });
    expect((await client.subscriptions.mine.query())[0]).toMatchObject({ status: "active", cancelAtPeriodEnd: false });
    await client.subscriptions.cancel.mutate({ subscriptionId: sub.id });

    const ended = await stripe.end(paid.subscription.id);
    expect((await stripe.send(stripe.event("customer.subscription.deleted", ended))).body.outcome).toBe("ended");
    expect((await client.subscriptions.mine.query())[0]).toMatchObject({ status: "canceled", isActive: false });
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(false);
    await expect(client.subscriptions.resume.mutate({ subscriptionId: sub.id })).rejects.toThrow(/already ended/);
  });

  it("ends access when the paid period is over even before any event arrives (expiry), and a new checkout is then allowed", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const past = Math.floor(Date.now() / 1000) - 40 * 86400;
    const paid = await subscribe(buyer.accessToken, mentor.id, { start: past, end: past + 30 * 86400 });
    // Set to end at the period end, which is 10 days ago: no grace.
    await testDb().update(enrollments).set({ cancelAtPeriodEnd: true }).where(eq(enrollments.stripeSubscriptionId, paid.subscription.id));
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(false);
    expect((await trpc(buyer.accessToken).subscriptions.mine.query())[0]).toMatchObject({
      status: "expired",
      isActive: false,
      callsLeft: 0,
    });
    expect((await checkout(buyer.accessToken, mentor.id)).status).toBe(201);
  });

  it("keeps a renewing subscription for a grace day past its period end while Stripe collects the renewal", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const start = Math.floor(Date.now() / 1000) - 30 * 86400 - 3600;
    await subscribe(buyer.accessToken, mentor.id, { start, end: start + 30 * 86400 });
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(true);
  });

  it("enrollment-success never activates: it answers the current status", async () => {
    const mentor = await createMentor();
    const buyer = await mentee();
    const before = await rest("POST", "/api/mentees/enrollment-success", {
      token: buyer.accessToken,
      body: { mentorId: mentor.id, menteeId: buyer.id },
    });
    expect(before).toMatchObject({ status: 200, body: { status: "none", isEnrollmentActive: false } });
    const { body } = await checkout(buyer.accessToken, mentor.id);
    await stripe.pay(sessionIdOf(body.url)); // paid at Stripe, but no event delivered yet
    const pending = await rest("POST", "/api/mentees/enrollment-success", {
      token: buyer.accessToken,
      body: { mentorId: mentor.id, menteeId: buyer.id },
    });
    expect(pending).toMatchObject({ status: 200, body: { status: "pending", isEnrollmentActive: false } });
    expect((await pairRows(buyer.id, mentor.id))[0].status).toBe("pending");
    expect(await isActiveFor(buyer.accessToken, mentor.id)).toBe(false);
    const success = await trpc(buyer.accessToken).payments.checkoutStatus.query({ sessionId: sessionIdOf(body.url) });
    expect(success).toMatchObject({ status: "pending", isActive: false });
  });
});
describe("subscribed lists", () => {
  it("lists a mentee's mentors and a mentor's mentees over REST (rupees) and tRPC (paise)", async () => {
    const mentor = await createMentor({ hourlyRatePaise: 120_050 });
    const buyer = await mentee();
    await subscribe(buyer.accessToken, mentor.id);

    const menteeRest = await rest("GET", `/api/mentees/subscribed-mentors/${buyer.id}`, { token: buyer.accessToken });
    expect(menteeRest.status).toBe(200);
    expect(menteeRest.body.allMentorsSubscribed).toEqual([
      expect.objectContaining({
        status: "active",
        amount: 4802,
        currency: "INR",
        callsLeft: 4,
        mentorId: expect.objectContaining({ _id: mentor.id, hourlyRate: 1200.5 }),
      }),
    ]);
    const menteeTrpc = await trpc(buyer.accessToken).subscriptions.mine.query();
    expect(menteeTrpc).toEqual([expect.objectContaining({ amountPaise: 480_200, mentor: expect.objectContaining({ id: mentor.id }) })]);

    const mentorToken = (await signIn("mentor", mentor.email)).accessToken;
    const mentorRest = await rest("GET", `/api/mentors/subscribed-mentees/${mentor.id}`, { token: mentorToken });
    expect(mentorRest.body.enrolledMentees).toEqual([
      expect.objectContaining({
        status: "active",
        amount: 4802,
        menteeId: expect.objectContaining({ _id: buyer.id, firstName: buyer.row.firstName }),
      }),
    ]);
    expect(JSON.stringify(mentorRest.body)).not.toContain(buyer.row.email);
    const mentorTrpc = await trpc(mentorToken).subscriptions.subscribers.query();
    expect(mentorTrpc.map((s) => s.mentee.id)).toEqual([buyer.id]);
  });

  it("refuses another user's list", async () => {
    const a = await mentee();
    const b = await mentee();
    const refused = await rest("GET", `/api/mentees/subscribed-mentors/${a.id}`, { token: b.accessToken });
    expect(refused).toMatchObject({ status: 403, body: { message: "You can only see your own subscriptions." } });
    const mentorA = await createMentor();
    const mentorB = await createMentor();
    const tokenB = (await signIn("mentor", mentorB.email)).accessToken;
    expect((await rest("GET", `/api/mentors/subscribed-mentees/${mentorA.id}`, { token: tokenB })).status).toBe(403);
    expect((await rest("GET", `/api/mentors/subscribed-mentees/${mentorA.id}`, { token: a.accessToken })).status).toBe(403);
    expect((await rest("GET", `/api/mentees/subscribed-mentors/${a.id}`)).status).toBe(401);
    // Nor can she cancel someone else's subscription.
    const mentor = await createMentor();
    await subscribe(a.accessToken, mentor.id);
    const [sub] = await trpc(a.accessToken).subscriptions.mine.query();
    await expect(trpc(b.accessToken).subscriptions.cancel.mutate({ subscriptionId: sub.id })).rejects.toThrow(/not found/);
  });
});
describe("seed", () => {
  it("gives the demo mentee one active subscription to the demo mentor, current now, and past ones; a second run changes nothing", async () => {
    const db = testDb();
    const [priya] = await db.select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const before = await db.select().from(enrollments).where(eq(enrollments.menteeId, priya.id));
    await seedDemoData(db, "unused-hash");
    const after = await db.select().from(enrollments).where(eq(enrollments.menteeId, priya.id));
    expect(after).toEqual(before);
    const active = after.filter((e) => e.status === "active");
    expect(active.map((e) => e.mentorId)).toEqual([asha.id]);
    expect(active[0].currentPeriodStart!.getTime()).toBeLessThan(Date.now());
    expect(active[0].currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now());
    expect(after.filter((e) => e.status === "expired").length).toBeGreaterThan(1);
  });
});
