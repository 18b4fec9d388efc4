import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import {
  accountDeletions,
  bookingEvents,
  calendarBusy,
  calendarConnections,
  calendarSessionEvents,
  calendarSources,
  earnings,
  emailOutbox,
  enrollments,
  mentees,
  mentorSkills,
  moderationActions,
  notifications,
  payoutAccounts,
  payouts,
  refreshSessions,
  refunds,
  reviews,
  tickets,
  timeSlots,
} from "../../db/schema";
import { openSession } from "../../worker/accounts/sessions";
import { signAccessToken, signPurposeToken } from "../../worker/accounts/tokens";
import { localStripeObjects, putObject } from "../../worker/dev/local-stripe/store";
import { RESTORED_MESSAGE, SET_PASSWORD_FIRST, WRONG_PASSWORD } from "../../worker/privacy/account-deletion";
import {
  CONFIRM_PROOF_SECONDS,
  CONFIRM_WITH_GOOGLE_FIRST,
  GOOGLE_PROOF_REFUSED,
  NO_GOOGLE_LINKED,
  proofPurpose,
} from "../../worker/privacy/google-confirmation";
import { MENTOR_LEAVING, MENTOR_LEAVING_SUBSCRIPTIONS } from "../../worker/privacy/leaving";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { baseUrl, doublesUrl, rest, trpc, trpcOutcome } from "../support/api";
import { openChat, sendAs } from "../support/chat";
import { insertEarning, insertPayout } from "../support/earnings";
import { consentAsGoogle, type GoogleIdentity } from "../support/google";
import { payOnLocalCheckout, postToLocalStripe, readyMentor } from "../support/local-money";
import { eventuallyDeliveredMail } from "../support/mail";
import { createEnrollment, createModerator, createPaidSubscription, enrollmentById } from "../support/moderation";
import { noticeTextsOf } from "../support/moves";
import { book, call, DAY, hoursAhead, publishOne } from "../support/scheduling";

/**
 * One file, so its erasure runs (each as of 14 days ahead) never overlap another test's grace period.
 * "Delete my account" (ADR 0042) through the built Worker: her password, the 14-day grace period a sign-in ends,
 * the erasure by the background work, and what is left of her afterwards: nothing that names her or says what she wrote.
 */

const letters = (n: number) => Array.from(crypto.getRandomValues(new Uint8Array(n)), (b) => String.fromCharCode(97 + (b % 26))).join("");
/** A name no other test uses, so a scan of the whole database finds only what is hers. */
const uniqueName = () => `Q${letters(9)}`;

/** Runs the erasure job as of `now` (only that job: other files' rows are untouched). */
const erase = async (now: Date) => {
  const response = await call("POST", `/dev/cron/eraseDeletedAccounts?now=${now.getTime()}`);
  expect(response.status).toBe(200);
  return response.body;
};

async function deletionOf(userId: string) {
  return (await testDb().select().from(accountDeletions).where(eq(accountDeletions.userId, userId)))[0];
}

/** A mentee with words of her own: a name, an address, a phone, messages, a review, a complaint and a booked session. */
async function menteeWithHistory() {
  const db = testDb();
  const first = uniqueName();
  const last = uniqueName();
  const phone = `+9190${Math.floor(10_000_000 + Math.random() * 89_999_999)}`;
  const words = { message: `talk ${letters(12)} interviews`, review: `review ${letters(12)} kind`, complaint: `complaint ${letters(12)}` };
  const [mentee, mentor] = await Promise.all([
    createMentee({ firstName: first, lastName: last, phone, bio: `bio ${first}` }),
    createMentor({ timeZone: "Asia/Kolkata" }),
  ]);
  await createEnrollment(mentee.id, mentor.id);
  const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
  const pair = { mentee, mentor, menteeToken, mentorToken };
  const conversationId = await openChat(pair);
  expect((await sendAs(pair, "mentee", conversationId, words.message)).status).toBeLessThan(300);
  expect((await sendAs(pair, "mentor", conversationId, "Happy to help with that.")).status).toBeLessThan(300);
  await db.insert(reviews).values({ menteeId: mentee.id, mentorId: mentor.id, rating: 5, text: words.review });
  await db
    .insert(tickets)
    .values({ reporterRole: "mentee", reporterId: mentee.id, accusedRole: "mentor", accusedId: mentor.id, content: words.complaint });
  const slotId = await publishOne(mentorToken, hoursAhead(72));
  expect((await book(menteeToken, slotId)).status).toBe(201);
  return { ...pair, conversationId, slotId, needles: [mentee.email, phone, first, last, words.message, words.review, words.complaint] };
}

/** Every text column of every table holding one of `needles`, as "table.column: needle" (the Stripe and mail stand-ins stand for Stripe's servers and the recipients' mailboxes, outside the product). */
async function scanForNeedles(needles: string[]) {
  const db = testDb();
  const columns = await db.all<{ table_name: string; name: string; type: string }>(
    sql`select m.name as table_name, p.name, p.type from sqlite_master m join pragma_table_info(m.name) p where m.type = 'table' and m.name not like 'sqlite_%' and m.name not like '%_data' and m.name not like '%_idx' and m.name not like '%_docsize' and m.name not like '%_config' and m.name not in ('__drizzle_migrations', 'dev_stripe_objects') and m.name not like 'dev_mailbox%'`,
  );
  const textColumns = new Map<string, string[]>();
  for (const c of columns.filter((c) => c.type === "" || /text/i.test(c.type)))
    textColumns.set(c.table_name, [...(textColumns.get(c.table_name) ?? []), c.name]);
  const found: string[] = [];
  // One query a table, counting each column's hits for each needle: the same scan in a few dozen trips instead of one a column and needle.
  for (const [table, names] of textColumns) {
    const pairs = names.flatMap((column) => needles.map((needle) => ({ column, needle })));
    const counts = sql.join(
      pairs.map(({ column, needle }, i) => sql`sum(cast(${sql.identifier(column)} as text) like ${`%${needle}%`}) as ${sql.raw(`c${i}`)}`),
      sql`, `,
    );
    const [row] = await db.all<Record<string, number | null>>(sql`select ${counts} from ${sql.identifier(table)}`);
    pairs.forEach(({ column, needle }, i) => {
      if (Number(row?.[`c${i}`] ?? 0) > 0) found.push(`${table}.${column}: ${needle}`);
    });
  }
  return found;
}

describe("deleting my account", () => {
  it("is refused with a clear message when the password is wrong, and nothing changes", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    const refused = await trpcOutcome(trpc(token).privacy.deletion.request.mutate({ password: "not-my-password" }));
    expect(refused.status).toBe(400);
    expect(refused.message).toBe(WRONG_PASSWORD);
    expect(await deletionOf(mentee.id)).toBeUndefined();
    expect((await trpc(token).auth.session.query()).id).toBe(mentee.id);
  });

  it("ends every sign-in at once, and signing in within 14 days restores the account and says so", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    const asked = await trpc(token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    expect(new Date(asked.eraseAfter).getTime()).toBeGreaterThan(Date.now() + 13.9 * DAY);
    expect((await trpcOutcome(trpc(token).auth.session.query())).status).toBe(401);
    // Her mail says when the erasure comes and that signing in before then keeps the account.
    const mail = await eventuallyDeliveredMail(mentee.email, /account will be deleted/);
    expect(mail.text).toContain("Sign in before then and your account is restored.");

    const signedIn = await trpc().auth.login.mutate({ role: "mentee", email: mentee.email, password: DEMO_PASSWORD });
    expect(signedIn).toMatchObject({ restored: true, notice: RESTORED_MESSAGE });
    expect((await deletionOf(mentee.id)).state).toBe("restored");
    // The erasure, after the grace period, leaves a restored account alone; the next sign-in says nothing of a restore.
    await erase(new Date(Date.now() + 15 * DAY));
    const [row] = await testDb().select().from(mentees).where(eq(mentees.id, mentee.id));
    expect(row.email).toBe(mentee.email);
    const again = await trpc().auth.login.mutate({ role: "mentee", email: mentee.email, password: DEMO_PASSWORD });
    expect(again).not.toHaveProperty("restored");
  });

  it("after 14 days erases her: no table holds her address, phone, name or words; the mentor's chat shows a Deleted user; her address registers again", async () => {
    const her = await menteeWithHistory();
    await trpc(her.menteeToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    // Her session was cancelled through her own cancel: the mentor's bell says so, and the slot is open again.
    expect((await testDb().select().from(timeSlots).where(eq(timeSlots.id, her.slotId)))[0].state).toBe("open");
    const bell = await trpc(her.mentorToken).notifications.latest.query({ limit: 10 });
    expect(JSON.stringify(bell)).toContain("cancelled the session");

    // The scan finds her while she is there (so its empty answer below means something).
    expect((await scanForNeedles(her.needles)).length).toBeGreaterThan(0);
    // One minute before the grace period ends nothing is erased; one minute after, she is.
    await erase(new Date(Date.now() + 14 * DAY - 60_000));
    expect((await deletionOf(her.mentee.id)).state).toBe("pending");
    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    const deletion = await deletionOf(her.mentee.id);
    expect(deletion.state).toBe("erased");

    expect(await scanForNeedles(her.needles)).toEqual([]);

    const mentor = trpc(her.mentorToken);
    const pseudonym = `Deleted user #${deletion.pseudonym}`;
    expect(JSON.stringify(await mentor.chat.conversations.query({ side: "mentor" }))).toContain(pseudonym.split(" #")[1]);
    const thread = JSON.stringify(await mentor.chat.messages.query({ side: "mentor", conversationId: her.conversationId }));
    expect(thread).toContain("Happy to help with that.");
    const [review] = await testDb().select().from(reviews).where(eq(reviews.menteeId, her.mentee.id));
    expect(review).toMatchObject({ rating: 5, text: null });

    const registered = await trpc().auth.registerMentee.mutate({
      firstName: "Asha",
      lastName: "Again",
      email: her.mentee.email,
      phone: "+919876543210",
      password: "a fresh start for me",
      confirmpassword: "a fresh start for me",
    });
    expect(registered.message).toMatch(/created/);
    const [newcomer] = await testDb().select().from(mentees).where(eq(mentees.email, her.mentee.email));
    expect(newcomer.id).not.toBe(her.mentee.id);
  }, 90_000);

  it("a booking racing the deletion is refused or cancelled: no booked session is left for her", async () => {
    const [mentee, mentor] = await Promise.all([createMentee(), createMentor({ timeZone: "Asia/Kolkata" })]);
    await createEnrollment(mentee.id, mentor.id);
    const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
    const slots = await Promise.all([publishOne(mentorToken, hoursAhead(48)), publishOne(mentorToken, hoursAhead(50))]);
    const [, ...bookings] = await Promise.all([
      trpc(menteeToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD }),
      ...slots.map((slotId) => book(menteeToken, slotId)),
    ]);
    for (const b of bookings) expect([201, 401, 409]).toContain(b.status);
    const booked = await testDb().select().from(timeSlots).where(eq(timeSlots.menteeId, mentee.id));
    expect(booked.filter((s) => s.state === "booked")).toEqual([]);
  });
});

describe("a moderator and a deletion in progress", () => {
  it("sees it with the open complaint, pauses it so the erasure holds, and lets it go on; each in the audit log", async () => {
    const [mentee, mentor, moderator] = await Promise.all([createMentee(), createMentor(), createModerator()]);
    await testDb()
      .insert(tickets)
      .values({ reporterRole: "mentor", reporterId: mentor.id, accusedRole: "mentee", accusedId: mentee.id, content: "Rude in a call" });
    await trpc(await accessTokenFor("mentee", mentee.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    const mod = trpc(moderator.token);

    const listed = (await mod.privacy.deletion.inProgress.query()).find((d) => d.userId === mentee.id);
    expect(listed).toMatchObject({ role: "mentee", state: "pending", openComplaints: 1, name: `${mentee.firstName} ${mentee.lastName}` });

    expect(await mod.privacy.deletion.hold.mutate({ deletionId: listed!.id, hold: true, reason: "Complaint open" })).toMatchObject({
      changed: true,
      state: "paused",
    });
    // Pausing twice records nothing more.
    expect((await mod.privacy.deletion.hold.mutate({ deletionId: listed!.id, hold: true, reason: "again" })).changed).toBe(false);

    await erase(new Date(Date.now() + 15 * DAY));
    expect((await deletionOf(mentee.id)).state).toBe("paused");
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0].email).toBe(mentee.email);

    await mod.privacy.deletion.hold.mutate({ deletionId: listed!.id, hold: false, reason: "Complaint settled" });
    await erase(new Date(Date.now() + 15 * DAY));
    expect((await deletionOf(mentee.id)).state).toBe("erased");
    expect((await mod.privacy.deletion.inProgress.query()).some((d) => d.userId === mentee.id)).toBe(false);

    const audit = await testDb()
      .select({ action: moderationActions.action, reason: moderationActions.reason })
      .from(moderationActions)
      .where(and(eq(moderationActions.targetId, mentee.id), eq(moderationActions.moderatorId, moderator.id)));
    expect(audit.map((a) => a.action).sort()).toEqual(["pause_account_deletion", "resume_account_deletion"]);
  });

  it("is refused to a person who is not a moderator, and a mentee cannot hold her own", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    expect((await trpcOutcome(trpc(token).privacy.deletion.inProgress.query())).status).toBe(403);
  });

  it("a mentor with sessions in the next 7 days is asked to cancel them first", async () => {
    const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
    const mentee = await createMentee();
    const [mentorToken, menteeToken] = await Promise.all([accessTokenFor("mentor", mentor.id), accessTokenFor("mentee", mentee.id)]);
    await createEnrollment(mentee.id, mentor.id);
    const slotId = await publishOne(mentorToken, hoursAhead(30));
    expect((await book(menteeToken, slotId)).status).toBe(201);

    const overview = await trpc(mentorToken).privacy.deletion.overview.query();
    expect(overview.soonSessions.map((s) => s.slotId)).toEqual([slotId]);
    const refused = await trpcOutcome(trpc(mentorToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD }));
    expect(refused.status).toBe(409);
    expect(refused.message).toMatch(/Cancel them first/);

    await trpc(mentorToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD, cancelSoonSessions: true });
    const bell = await trpc(menteeToken).notifications.latest.query({ limit: 10 });
    expect(JSON.stringify(bell)).toContain("cancelled your session");
    // While he is leaving, his slots take no new booking, and she is told why.
    const later = await publishOne(await accessTokenFor("mentor", mentor.id), hoursAhead(60));
    const refused2 = await book(menteeToken, later);
    expect(refused2.status).toBe(409);
    expect(refused2.body.message ?? refused2.body.error).toBe(MENTOR_LEAVING);
  });
});

describe("a mentor's connected calendars, at erasure", () => {
  it("go as a disconnect takes them: no account, calendar, busy time or written session of his is left, and his address is nowhere", async () => {
    const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
    const db = testDb();
    const [connection] = await db
      .insert(calendarConnections)
      .values({
        mentorId: mentor.id,
        provider: "caldav",
        accountLabel: mentor.email,
        serverUrl: "https://dav.example.test/",
        credentials: "sealed",
      })
      .returning();
    const [source] = await db
      .insert(calendarSources)
      .values({
        connectionId: connection.id,
        mentorId: mentor.id,
        remoteId: `https://dav.example.test/${mentor.email}/work/`,
        name: "Work",
      })
      .returning();
    await db.insert(calendarBusy).values({
      sourceId: source.id,
      mentorId: mentor.id,
      remoteEventId: "meeting-1",
      startAt: new Date(Date.now() + 3 * DAY),
      endAt: new Date(Date.now() + 3 * DAY + 3_600_000),
    });
    await db
      .insert(calendarSessionEvents)
      .values({ bookingId: crypto.randomUUID(), mentorId: mentor.id, sourceId: null, updatedAt: new Date() });

    await trpc(await accessTokenFor("mentor", mentor.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    expect((await deletionOf(mentor.id)).state).toBe("erased");

    const left = await Promise.all(
      [calendarConnections, calendarSources, calendarBusy, calendarSessionEvents].map((table) =>
        db.select().from(table).where(eq(table.mentorId, mentor.id)),
      ),
    );
    expect(left.map((rows) => rows.length)).toEqual([0, 0, 0, 0]);
    expect(await scanForNeedles([mentor.email])).toEqual([]);
  });
});

describe("Stripe, at erasure", () => {
  const stripeObject = async (id: string) =>
    JSON.parse((await testDb().select().from(localStripeObjects).where(eq(localStripeObjects.id, id)))[0].data) as Record<string, unknown>;

  it("her renewals stop at the request; the erasure deletes her customer, and the webhook that follows names only her pseudonym", async () => {
    const first = uniqueName();
    const last = uniqueName();
    const [mentee, mentor] = await Promise.all([createMentee({ firstName: first, lastName: last }), createMentor()]);
    const enrollmentId = await createPaidSubscription(mentee.id, mentor.id);
    const [enrollment] = await testDb().select().from(enrollments).where(eq(enrollments.id, enrollmentId));
    await trpc(await accessTokenFor("mentee", mentee.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    expect((await stripeObject(enrollment.stripeSubscriptionId!)).cancel_at_period_end).toBe(true);
    expect((await enrollmentById(enrollmentId)).cancelAtPeriodEnd).toBe(true);

    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    expect(await stripeObject(enrollment.stripeCustomerId!)).toMatchObject({ deleted: true });
    expect((await stripeObject(enrollment.stripeSubscriptionId!)).status).toBe("canceled");
    // The subscription's end came back as Stripe's webhook, after her rows were pseudonymised: the plan ended, and
    // what it told the mentor names nobody.
    await expect.poll(async () => (await enrollmentById(enrollmentId)).status, { timeout: 10_000 }).toBe("canceled");
    expect(await scanForNeedles([mentee.email, first, last])).toEqual([]);
  });

  it("a mentor's connected account is closed once nothing is owed to him, and kept open while a held share waits", async () => {
    const [paid, owed, mentee] = await Promise.all([createMentor(), createMentor(), createMentee()]);
    const accounts = { [paid.id]: `acct_t_${letters(10)}`, [owed.id]: `acct_t_${letters(10)}` };
    await testDb()
      .insert(localStripeObjects)
      .values(Object.values(accounts).map((id) => ({ id, type: "account", data: JSON.stringify({ id, object: "account" }) })));
    await testDb()
      .insert(payoutAccounts)
      .values(Object.entries(accounts).map(([mentorId, stripeAccountId]) => ({ mentorId, stripeAccountId, payoutsEnabled: true })));
    await insertEarning(owed.id, mentee.id, { paidAt: new Date(Date.now() - DAY), route: "held" });
    for (const m of [paid, owed])
      await trpc(await accessTokenFor("mentor", m.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });

    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    expect(await stripeObject(accounts[paid.id])).toMatchObject({ deleted: true });
    expect((await testDb().select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, paid.id)))[0].disabledReason).toBe(
      "account_closed",
    );
    expect(await stripeObject(accounts[owed.id])).not.toHaveProperty("deleted");
    // His payment records stay, pseudonymised, for the legal retention period.
    expect(await testDb().select().from(earnings).where(eq(earnings.mentorId, owed.id))).toHaveLength(1);
  });
});

describe("a Google account", () => {
  /** The Google sign-in against the local Google (ADR 0033), answering the popup's handed-over session. */
  async function signInWithGoogle(who: GoogleIdentity) {
    const started = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee`, { redirect: "manual" });
    const location = started.headers.get("location")!;
    const cookies = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const code = await consentAsGoogle(location, who);
    const query = new URLSearchParams({ code, state: new URL(location).searchParams.get("state")! });
    const done = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee/callback?${query}`, {
      redirect: "manual",
      headers: { cookie: cookies },
    });
    return Object.fromEntries(new URLSearchParams(new URL(done.headers.get("location")!, baseUrl()).hash.slice(1)));
  }

  /**
   * "Confirm with Google" through the local Google: the card's ticket, the start path (which asks Google for a fresh
   * sign-in), the consent screen as `who` (`extra`: more of its form), and the callback's answer to the popup page.
   */
  async function confirmWithGoogle(token: string, who: GoogleIdentity, extra: Record<string, string> = {}) {
    const { ticket } = await trpc(token).privacy.deletion.googleStart.mutate();
    const started = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee?confirm=${encodeURIComponent(ticket)}`, {
      redirect: "manual",
    });
    const location = started.headers.get("location")!;
    // Google is asked for a fresh sign-in: the password again, whatever session Google has.
    expect(new URL(location).searchParams.get("prompt")).toBe("login");
    expect(new URL(location).searchParams.get("max_age")).toBe("0");
    const cookies = started.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const code = await consentAsGoogle(location, who, extra);
    const query = new URLSearchParams({ code, state: new URL(location).searchParams.get("state")! });
    const done = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee/callback?${query}`, {
      redirect: "manual",
      headers: { cookie: cookies },
    });
    const target = new URL(done.headers.get("location")!, baseUrl());
    expect(target.pathname).toBe("/auth/mentee/googleauthsuccess");
    return Object.fromEntries(new URLSearchParams(target.hash.slice(1)));
  }

  const googleOf = (mentee: { googleId: string | null; email: string }, overrides: Partial<GoogleIdentity> = {}): GoogleIdentity => ({
    sub: mentee.googleId!,
    email: mentee.email,
    email_verified: true,
    given_name: "Gita",
    family_name: "Google",
    ...overrides,
  });

  const liveSignIns = async (menteeId: string) =>
    (
      await testDb()
        .select()
        .from(refreshSessions)
        .where(and(eq(refreshSessions.userId, menteeId), isNull(refreshSessions.revokedAt)))
    ).length;

  it("a Google-only mentee confirms with a fresh Google sign-in instead of a password; the proof serves once", async () => {
    const googleOnly = await createMentee({ passwordHash: null, googleId: `g-${letters(12)}` });
    const token = await accessTokenFor("mentee", googleOnly.id);
    expect(await trpc(token).privacy.deletion.overview.query()).toMatchObject({ hasPassword: false, hasGoogle: true });
    // No longer sent away to set a password: she is asked to confirm with Google.
    const refused = await trpcOutcome(trpc(token).privacy.deletion.request.mutate({ password: "anything at all" }));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(CONFIRM_WITH_GOOGLE_FIRST);
    expect(refused.message).not.toBe(SET_PASSWORD_FIRST);

    const answer = await confirmWithGoogle(token, googleOf(googleOnly));
    expect(answer.purpose).toBe("confirm");
    expect(answer.proof).toEqual(expect.any(String));
    expect(answer).not.toHaveProperty("error");
    // A confirmation signs nobody in: no session in the answer, no new sign-in, her deletion not yet asked.
    expect(answer).not.toHaveProperty("accessToken");
    expect(await liveSignIns(googleOnly.id)).toBe(1);
    expect(await deletionOf(googleOnly.id)).toBeUndefined();

    const done = await trpc(token).privacy.deletion.request.mutate({ googleProof: answer.proof });
    expect(new Date(done.eraseAfter).getTime()).toBeGreaterThan(Date.now() + 13 * DAY);
    expect((await deletionOf(googleOnly.id)).state).toBe("pending");
    expect(await liveSignIns(googleOnly.id)).toBe(0);

    // Used again: the sign-in it was made for has ended, and a new sign-in (which restores her) is another one.
    const again = await trpcOutcome(trpc(token).privacy.deletion.request.mutate({ googleProof: answer.proof }));
    expect(again.status).toBe(401);
    const back = await signInWithGoogle(googleOf(googleOnly));
    expect((await deletionOf(googleOnly.id)).state).toBe("restored");
    const reused = await trpcOutcome(trpc(back.accessToken).privacy.deletion.request.mutate({ googleProof: answer.proof }));
    expect(reused.status).toBe(400);
    expect(reused.message).toBe(GOOGLE_PROOF_REFUSED);
    expect((await deletionOf(googleOnly.id)).state).toBe("restored");
  });

  it("another Google account at the consent screen, or a sign-in Google did not ask again for, gives no proof", async () => {
    const googleOnly = await createMentee({ passwordHash: null, googleId: `g-${letters(12)}` });
    const token = await accessTokenFor("mentee", googleOnly.id);
    const someoneElse = await confirmWithGoogle(
      token,
      googleOf(googleOnly, { sub: `g-${letters(12)}`, email: `other.${letters(8)}@example.test` }),
    );
    expect(someoneElse).toMatchObject({ purpose: "confirm", error: "wrong_account" });
    expect(someoneElse).not.toHaveProperty("proof");
    // Her own address on another Google account is still another account: Google's `sub` decides.
    const sameAddress = await confirmWithGoogle(token, googleOf(googleOnly, { sub: `g-${letters(12)}` }));
    expect(sameAddress).toMatchObject({ error: "wrong_account" });
    // Google answered with a sign-in made an hour before she asked: not fresh.
    const stale = await confirmWithGoogle(token, googleOf(googleOnly), { auth_time: String(Math.floor(Date.now() / 1000) - 3600) });
    expect(stale).toMatchObject({ error: "not_fresh" });
    expect(stale).not.toHaveProperty("proof");
    expect(await deletionOf(googleOnly.id)).toBeUndefined();
    // A callback the ticket never started (no cookies) gives nothing either.
    const bare = await fetch(`${baseUrl()}/api/mentees/google_auth_mentee/callback?code=x&state=y`, { redirect: "manual" });
    expect(bare.headers.get("location")).not.toMatch(/proof=/);
  });

  it("a proof for another mentee, for another sign-in, expired or made up is refused; a password account gets no ticket", async () => {
    const [her, other] = await Promise.all([
      createMentee({ passwordHash: null, googleId: `g-${letters(12)}` }),
      createMentee({ passwordHash: null, googleId: `g-${letters(12)}` }),
    ]);
    const token = await accessTokenFor("mentee", her.id);
    const { proof } = await confirmWithGoogle(token, googleOf(her));
    expect(proof).toEqual(expect.any(String));

    const refusedFor = async (asker: string, googleProof: string) => {
      const outcome = await trpcOutcome(trpc(asker).privacy.deletion.request.mutate({ googleProof }));
      expect(outcome.status).toBe(400);
      expect(outcome.message).toBe(GOOGLE_PROOF_REFUSED);
    };
    await refusedFor(await accessTokenFor("mentee", other.id), proof);
    await refusedFor(await accessTokenFor("mentee", her.id), proof); // her other sign-in (another device)
    await refusedFor(token, "not-a-proof");

    // A proof made exactly as the callback makes one, but 5 minutes and a second ago: expired. The same made now works.
    const { sessionId } = await openSession(testDb(), { role: "mentee", userId: other.id });
    const otherToken = await signAccessToken(inject("jwtSecret"), { sub: other.id, role: "mentee", sid: sessionId });
    const madeAt = (now: number) => signPurposeToken(inject("jwtSecret"), proofPurpose(sessionId), other.id, CONFIRM_PROOF_SECONDS, now);
    await refusedFor(otherToken, await madeAt(Date.now() - (CONFIRM_PROOF_SECONDS + 1) * 1000));
    expect(await deletionOf(other.id)).toBeUndefined();
    expect(await deletionOf(her.id)).toBeUndefined();
    await trpc(otherToken).privacy.deletion.request.mutate({ googleProof: await madeAt(Date.now()) });
    expect((await deletionOf(other.id)).state).toBe("pending");

    const passwordOnly = await createMentee();
    const noTicket = await trpcOutcome(trpc(await accessTokenFor("mentee", passwordOnly.id)).privacy.deletion.googleStart.mutate());
    expect(noTicket.status).toBe(422);
    expect(noTicket.message).toBe(NO_GOOGLE_LINKED);
  });

  it("an account with neither a password nor Google is still asked to set a password first", async () => {
    const neither = await createMentee({ passwordHash: null, googleId: null });
    const token = await accessTokenFor("mentee", neither.id);
    expect(await trpc(token).privacy.deletion.overview.query()).toMatchObject({ hasPassword: false, hasGoogle: false });
    const refused = await trpcOutcome(trpc(token).privacy.deletion.request.mutate({ password: "anything at all" }));
    expect(refused.status).toBe(422);
    expect(refused.message).toBe(SET_PASSWORD_FIRST);
  });

  it("one with a password is restored by a Google sign-in", async () => {
    const both = await createMentee({ googleId: `g-${letters(12)}` });
    await trpc(await accessTokenFor("mentee", both.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    const answer = await signInWithGoogle({
      sub: both.googleId!,
      email: both.email,
      email_verified: true,
      given_name: both.firstName,
      family_name: both.lastName,
      picture: "https://lh3.googleusercontent.com/a/photo",
    });
    expect(answer.menteeId).toBe(both.id);
    expect((await deletionOf(both.id)).state).toBe("restored");
    const bell = await trpc(answer.accessToken).notifications.latest.query({ limit: 10 });
    expect(JSON.stringify(bell)).toContain(RESTORED_MESSAGE);
  });
});

describe("payment records of an erased account", () => {
  it("are kept eight years after the erasure, then deleted by the retention job, refunds first", async () => {
    const db = testDb();
    const erasedAgo = async (days: number) => {
      const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
      const earning = await insertEarning(mentor.id, mentee.id, { paidAt: new Date(Date.now() - (days + 30) * DAY) });
      await db.insert(refunds).values({ earningId: earning.id, amountPaise: 1000, refundedTotalPaise: 1000, refundedAt: earning.paidAt });
      await insertPayout(mentor.id, { arrivalDate: earning.paidAt, status: "paid" });
      const erasedAt = new Date(Date.now() - days * DAY);
      await db.insert(accountDeletions).values(
        (["mentee", "mentor"] as const).map((role) => ({
          userRole: role,
          userId: role === "mentee" ? mentee.id : mentor.id,
          state: "erased" as const,
          pseudonym: letters(6),
          requestedAt: erasedAt,
          eraseAfter: erasedAt,
          erasedAt,
          origin: "http://localhost",
        })),
      );
      return { mentee, mentor, earning };
    };
    const [old, recent] = [await erasedAgo(8 * 365 + 1), await erasedAgo(8 * 365 - 1)];
    expect((await call("POST", "/dev/cron/pruneExpiredRecords")).status).toBe(200);

    const left = async (who: typeof old) => ({
      earnings: (await db.select().from(earnings).where(eq(earnings.mentorId, who.mentor.id))).length,
      refunds: (await db.select().from(refunds).where(eq(refunds.earningId, who.earning.id))).length,
      payouts: (await db.select().from(payouts).where(eq(payouts.mentorId, who.mentor.id))).length,
      enrollments: (await db.select().from(enrollments).where(eq(enrollments.menteeId, who.mentee.id))).length,
    });
    expect(await left(old)).toEqual({ earnings: 0, refunds: 0, payouts: 0, enrollments: 0 });
    expect(await left(recent)).toEqual({ earnings: 1, refunds: 1, payouts: 1, enrollments: 1 });
  });
});

/** What the development mailbox received for `to` (the mail stand-in keeps its copy after the outbox row is gone). */
async function mailboxOf(to: string): Promise<{ subject: string; text: string }[]> {
  const response = await fetch(`${doublesUrl()}/dev/mailbox/messages.json?to=${encodeURIComponent(to)}`);
  expect(response.ok).toBe(true);
  return response.json();
}

describe("a session still booked for her when the erasure comes", () => {
  it("inside her 12-hour window at the request stays booked, as her own cancel would leave it, and her overview says so", async () => {
    const [mentee, mentor] = await Promise.all([createMentee(), createMentor({ timeZone: "Asia/Kolkata" })]);
    await createEnrollment(mentee.id, mentor.id);
    const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
    const [late, later] = await Promise.all([publishOne(mentorToken, hoursAhead(6)), publishOne(mentorToken, hoursAhead(48))]);
    const bookedAt = new Date(Date.now() - DAY);
    await testDb()
      .update(timeSlots)
      .set({ state: "booked", menteeId: mentee.id, bookedAt, bookingId: `${late}-${bookedAt.getTime()}` })
      .where(eq(timeSlots.id, late));
    expect((await book(menteeToken, later)).status).toBe(201);
    expect(await trpc(menteeToken).privacy.deletion.overview.query()).toMatchObject({ upcomingSessions: 1, lateSessions: 1 });

    await trpc(menteeToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    const state = async (id: string) => (await testDb().select().from(timeSlots).where(eq(timeSlots.id, id)))[0].state;
    expect({ late: await state(late), later: await state(later) }).toEqual({ late: "booked", later: "open" });
  });

  it("is cancelled through her cancel, inside the 12-hour window too: the mentor gets the bell and the mail, naming her pseudonym", async () => {
    const [mentee, mentor] = await Promise.all([
      createMentee({ firstName: uniqueName(), lastName: uniqueName() }),
      createMentor({ timeZone: "Asia/Kolkata" }),
    ]);
    await createEnrollment(mentee.id, mentor.id);
    const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
    // Six hours after the erasure's run: inside the window her own cancel refuses.
    const slotId = await publishOne(mentorToken, hoursAhead(14 * 24 + 6));
    await trpc(menteeToken).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    // A booking the request's cancel did not reach (one that slipped in beside it), as the database would hold it.
    const bookedAt = new Date();
    await testDb()
      .update(timeSlots)
      .set({ state: "booked", menteeId: mentee.id, bookedAt, bookingId: `${slotId}-${bookedAt.getTime()}` })
      .where(eq(timeSlots.id, slotId));

    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    const deletion = await deletionOf(mentee.id);
    expect(deletion.state).toBe("erased");
    expect((await testDb().select().from(timeSlots).where(eq(timeSlots.id, slotId)))[0]).toMatchObject({ state: "open", menteeId: null });
    const history = await testDb().select().from(bookingEvents).where(eq(bookingEvents.slotId, slotId));
    expect(history.map((e) => e.kind)).toEqual(["cancelled"]);

    const pseudonym = `Deleted user #${deletion.pseudonym}`;
    const bell = await testDb()
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, mentor.id)));
    expect(bell.map((n) => n.content)).toEqual([expect.stringContaining(`${pseudonym} cancelled the session on`)]);
    // His mail: delivered at once (the outbox row naming her is then gone) or after the erasure, naming her pseudonym.
    await expect
      .poll(async () => (await mailboxOf(mentor.email)).filter((m) => /cancelled the session/.test(m.subject)).length, {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await scanForNeedles([mentee.email, mentee.firstName, mentee.lastName])).toEqual([]);
  });
});

describe("a leaving mentor", () => {
  it("is hidden from search, the mentee home's suggestions and new subscriptions, and back once a sign-in restores him", async () => {
    const tag = `zqleave${letters(8)}`;
    const skill = `leavingskill${letters(8)}`;
    const [mentor, mentee] = await Promise.all([createMentor({ bio: `Coaching ${tag}` }), createMentee()]);
    await testDb().insert(mentorSkills).values({ mentorId: mentor.id, name: skill, skillKey: skill });
    const menteeToken = await accessTokenFor("mentee", mentee.id);
    const seen = async () => {
      const legacy = await rest("GET", `/api/mentees/mentors?${new URLSearchParams({ search: tag })}`);
      expect(legacy.status).toBe(200);
      const cards = await trpc().mentors.search.query({ search: tag });
      const home = await trpc(menteeToken).mentees.home.query({ searches: [skill] });
      return {
        rest: (legacy.body.mentorsSearchResult as { _id: string }[]).some((m) => m._id === mentor.id),
        trpc: JSON.stringify(cards).includes(mentor.id),
        suggested: home.suggestions.mentors.some((m) => m.id === mentor.id),
      };
    };
    expect(await seen()).toEqual({ rest: true, trpc: true, suggested: true });

    await trpc(await accessTokenFor("mentor", mentor.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    expect(await seen()).toEqual({ rest: false, trpc: false, suggested: false });
    const checkout = await trpcOutcome(trpc(menteeToken).payments.createCheckout.mutate({ mentorId: mentor.id }));
    expect(checkout.status).toBe(422);
    expect(checkout.message).toBe(MENTOR_LEAVING_SUBSCRIPTIONS);

    const signedIn = await trpc().auth.login.mutate({ role: "mentor", email: mentor.email, password: DEMO_PASSWORD });
    expect(signedIn).toMatchObject({ restored: true });
    expect(await seen()).toEqual({ rest: true, trpc: true, suggested: true });
  });
});

describe("a mentor's connected account kept open for a held share", () => {
  it("is closed by the background work once the share is paid out, once, and a second run changes nothing", async () => {
    const [mentor, mentee] = await Promise.all([createMentor(), createMentee()]);
    const accountId = `acct_t_${letters(10)}`;
    const db = testDb();
    await db
      .insert(localStripeObjects)
      .values({ id: accountId, type: "account", data: JSON.stringify({ id: accountId, object: "account" }) });
    await db.insert(payoutAccounts).values({ mentorId: mentor.id, stripeAccountId: accountId, payoutsEnabled: true });
    const held = await insertEarning(mentor.id, mentee.id, { paidAt: new Date(Date.now() - DAY), route: "held" });
    await trpc(await accessTokenFor("mentor", mentor.id)).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    const account = async () =>
      JSON.parse((await db.select().from(localStripeObjects).where(eq(localStripeObjects.id, accountId)))[0].data);
    const payoutAccount = async () => (await db.select().from(payoutAccounts).where(eq(payoutAccounts.mentorId, mentor.id)))[0];

    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    expect((await deletionOf(mentor.id)).state).toBe("erased");
    // A minute later the share is still owed: the account stays open for its transfer.
    await erase(new Date(Date.now() + 14 * DAY + 120_000));
    expect(await account()).not.toHaveProperty("deleted");
    expect((await payoutAccount()).disabledReason).toBeNull();

    // The cron's transfer pays the share: the next run closes the account.
    await db
      .update(earnings)
      .set({ transferId: `tr_t_${letters(8)}` })
      .where(eq(earnings.id, held.id));
    await erase(new Date(Date.now() + 14 * DAY + 180_000));
    expect(await account()).toMatchObject({ deleted: true });
    expect(await payoutAccount()).toMatchObject({ disabledReason: "account_closed", payoutsEnabled: false });
    const closedAt = (await payoutAccount()).syncedAt;
    await erase(new Date(Date.now() + 14 * DAY + 240_000));
    expect((await payoutAccount()).syncedAt).toEqual(closedAt);
  });
});

describe("a checkout paid while her deletion is in progress, or after it", () => {
  /** She opens a checkout, then asks to delete her account with it still open. */
  async function checkoutThenDeletion() {
    const [mentee, mentor] = await Promise.all([createMentee({ firstName: uniqueName(), lastName: uniqueName() }), createMentor()]);
    const token = await accessTokenFor("mentee", mentee.id);
    const { url } = await trpc(token).payments.createCheckout.mutate({ mentorId: mentor.id });
    const sessionId = new URL(url).pathname.split("/").pop()!;
    await trpc(token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    const pay = async () =>
      expect((await postToLocalStripe(`/dev/stripe/checkout/${sessionId}/pay`, { card: "4242 4242 4242 4242" })).status).toBe(303);
    const enrollment = async () =>
      (
        await testDb()
          .select()
          .from(enrollments)
          .where(and(eq(enrollments.menteeId, mentee.id), eq(enrollments.mentorId, mentor.id)))
      )[0];
    return { mentee, mentor, pay, enrollment };
  }
  const stripeObject = async (id: string) =>
    JSON.parse((await testDb().select().from(localStripeObjects).where(eq(localStripeObjects.id, id)))[0].data) as Record<string, unknown>;

  it("in the grace period: the payment is kept and the subscription ends at the period's close, as her others do", async () => {
    const her = await checkoutThenDeletion();
    await her.pay();
    await expect.poll(async () => (await her.enrollment()).cancelAtPeriodEnd, { timeout: 10_000 }).toBe(true);
    const enrollment = await her.enrollment();
    expect(enrollment.status).toBe("active");
    expect((await stripeObject(enrollment.stripeSubscriptionId!)).cancel_at_period_end).toBe(true);
    await expect
      .poll(async () => (await testDb().select().from(earnings).where(eq(earnings.enrollmentId, enrollment.id))).length, {
        timeout: 10_000,
      })
      .toBe(1);
  });

  it("after the erasure: the subscription is cancelled at once, its payment kept naming nobody, no receipt, no new-subscriber notice", async () => {
    const her = await checkoutThenDeletion();
    await erase(new Date(Date.now() + 14 * DAY + 60_000));
    const deletion = await deletionOf(her.mentee.id);
    expect(deletion.state).toBe("erased");
    await her.pay();
    await expect.poll(async () => (await her.enrollment()).status, { timeout: 10_000 }).toBe("canceled");
    const enrollment = await her.enrollment();
    expect((await stripeObject(enrollment.stripeSubscriptionId!)).status).toBe("canceled");
    await expect
      .poll(async () => (await testDb().select().from(earnings).where(eq(earnings.enrollmentId, enrollment.id))).length, {
        timeout: 10_000,
      })
      .toBe(1);
    const [erasedRow] = await testDb().select().from(mentees).where(eq(mentees.id, her.mentee.id));
    expect(await testDb().select().from(emailOutbox).where(eq(emailOutbox.to, erasedRow.email))).toEqual([]);
    // The mentor never hears of a new subscriber; the end Stripe's webhook reports names only her pseudonym.
    const mentorBell = await testDb()
      .select({ content: notifications.content })
      .from(notifications)
      .where(and(eq(notifications.recipientRole, "mentor"), eq(notifications.recipientId, her.mentor.id)));
    expect(
      mentorBell.map((n) => n.content).filter((c) => !c.startsWith(`Deleted user #${deletion.pseudonym}'s subscription has ended`)),
    ).toEqual([]);
    expect(await scanForNeedles([her.mentee.email, her.mentee.firstName, her.mentee.lastName])).toEqual([]);
  });
});

describe("her running subscription, ended now with the unused calls refunded", () => {
  const localObject = async (id: string) =>
    JSON.parse((await testDb().select().from(localStripeObjects).where(eq(localStripeObjects.id, id)))[0].data) as Record<string, unknown>;

  /** A mentee who paid a ready mentor ₹8,000 on the local Stripe, with `used` calls of the period booked inside her 12-hour window (they count as used) and `ahead` booked 2 days ahead (the request cancels them: not used). */
  async function paidMentee({ used = 0, ahead = 0 }: { used?: number; ahead?: number }) {
    const { mentor } = await readyMentor();
    const { buyer, token } = await payOnLocalCheckout(mentor.id);
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    for (let i = 0; i < used; i++) {
      const slotId = await publishOne(mentorToken, hoursAhead(2 + 2 * i));
      const bookedAt = new Date(Date.now() - DAY);
      await testDb()
        .update(timeSlots)
        .set({ state: "booked", menteeId: buyer.id, bookedAt, bookingId: `${slotId}-${bookedAt.getTime()}` })
        .where(eq(timeSlots.id, slotId));
    }
    for (let i = 0; i < ahead; i++) expect((await book(token, await publishOne(mentorToken, hoursAhead(48 + 2 * i)))).status).toBe(201);
    // The payment's webhook may lag on a busy machine.
    await expect
      .poll(async () => (await testDb().select().from(earnings).where(eq(earnings.menteeId, buyer.id))).length, { timeout: 10_000 })
      .toBe(1);
    const [earning] = await testDb().select().from(earnings).where(eq(earnings.menteeId, buyer.id));
    const [enrollment] = await testDb().select().from(enrollments).where(eq(enrollments.menteeId, buyer.id));
    return { mentor, buyer, token, earning, enrollment };
  }
  const refundRows = (earningId: string) => testDb().select().from(refunds).where(eq(refunds.earningId, earningId));

  it("some calls left: the card's amount is what comes back, the mentor's share is taken back in proportion, both are told, and the refund names the deletion", async () => {
    const her = await paidMentee({ used: 1, ahead: 1 });
    expect(her.earning.grossPaise).toBe(800_000);
    // One call used (inside her window, it stays booked); the one 2 days ahead is cancelled by the request: 3 of 4 left.
    const overview = await trpc(her.token).privacy.deletion.overview.query();
    expect(overview.endNow).toEqual([
      expect.objectContaining({ enrollmentId: her.enrollment.id, callsLeft: 3, callsPerPeriod: 4, refundPaise: 600_000 }),
    ]);

    const asked = await trpc(her.token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD, endSubscriptionsNow: true });
    expect(asked.endedNow).toEqual({ refundedPaise: 600_000, refundFailed: false });
    const [row] = await testDb().select().from(earnings).where(eq(earnings.id, her.earning.id));
    expect(row.refundedPaise).toBe(600_000);
    expect(row.reversedPaise).toBe(Math.round((her.earning.netPaise * 3) / 4));
    const deletion = await deletionOf(her.buyer.id);
    expect((await refundRows(row.id)).map((r) => ({ amount: r.amountPaise, by: r.requestedBy, deletion: r.accountDeletionId }))).toEqual([
      { amount: 600_000, by: "account_deletion", deletion: deletion.id },
    ]);
    // No moderator acted: the audit log has no refund of hers.
    expect(await testDb().select().from(moderationActions).where(eq(moderationActions.targetId, her.buyer.id))).toEqual([]);
    const mentorName = `${her.mentor.firstName} ${her.mentor.lastName}`;
    expect(await noticeTextsOf("mentee", her.buyer.id)).toEqual(
      expect.arrayContaining([
        `₹6,000 of your payment of ₹8,000 to ${mentorName} was refunded. It goes back to the card you paid with within 5 to 10 business days.`,
      ]),
    );
    expect((await noticeTextsOf("mentor", her.mentor.id)).filter((n) => n.includes("was refunded"))).toEqual([
      `₹6,000 of ${her.buyer.firstName} ${her.buyer.lastName}'s payment of ₹8,000 was refunded; your share of it is now ₹1,600.`,
    ]);
    // Cancelled at Stripe now, and the plan ended here.
    expect((await localObject(her.enrollment.stripeSubscriptionId!)).status).toBe("canceled");
    expect((await enrollmentById(her.enrollment.id)).status).toBe("canceled");
  });

  it("no call left: nothing is refunded, and the card says so; the subscription still ends now", async () => {
    const her = await paidMentee({ used: 4 });
    expect((await trpc(her.token).privacy.deletion.overview.query()).endNow).toEqual([
      expect.objectContaining({ callsLeft: 0, refundPaise: 0 }),
    ]);
    const asked = await trpc(her.token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD, endSubscriptionsNow: true });
    expect(asked.endedNow).toEqual({ refundedPaise: 0, refundFailed: false });
    expect(await refundRows(her.earning.id)).toEqual([]);
    expect((await enrollmentById(her.enrollment.id)).status).toBe("canceled");
  });

  it("all calls left shows the whole payment; choosing “Keep it” is today's: it runs to the period's end, nothing refunded", async () => {
    const her = await paidMentee({});
    expect((await trpc(her.token).privacy.deletion.overview.query()).endNow).toEqual([
      expect.objectContaining({ callsLeft: 4, refundPaise: 800_000, periodEnd: her.enrollment.currentPeriodEnd!.toISOString() }),
    ]);
    const asked = await trpc(her.token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD });
    expect(asked.endedNow).toBeNull();
    expect(await enrollmentById(her.enrollment.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await localObject(her.enrollment.stripeSubscriptionId!)).cancel_at_period_end).toBe(true);
    expect(await refundRows(her.earning.id)).toEqual([]);
  });

  it("two requests at once refund once", async () => {
    const her = await paidMentee({});
    const asks = await Promise.all(
      [0, 1].map(() => trpc(her.token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD, endSubscriptionsNow: true })),
    );
    expect(asks.map((a) => a.endedNow?.refundedPaise ?? null).sort()).toEqual([800_000, null]);
    const [row] = await testDb().select().from(earnings).where(eq(earnings.id, her.earning.id));
    expect(row.refundedPaise).toBe(800_000);
    expect((await refundRows(row.id)).map((r) => r.amountPaise)).toEqual([800_000]);
    expect((await noticeTextsOf("mentee", her.buyer.id)).filter((n) => n.includes("was refunded"))).toHaveLength(1);
  });

  it("Stripe refusing the refund: the deletion stands, the subscription runs to the period's end, she is told, nothing is refunded", async () => {
    const her = await paidMentee({});
    // The local Stripe refuses to refund a disputed charge; our ledger does not know of the dispute, so the refund is tried.
    const intent = await localObject(her.earning.paymentIntentId!);
    const charge = await localObject(String(intent.latest_charge));
    await putObject(testDb(), { ...(charge as { id: string; object: string }), disputed: true });

    const asked = await trpc(her.token).privacy.deletion.request.mutate({ password: DEMO_PASSWORD, endSubscriptionsNow: true });
    expect(asked.endedNow).toEqual({ refundedPaise: 0, refundFailed: true });
    expect((await deletionOf(her.buyer.id)).state).toBe("pending");
    expect(await enrollmentById(her.enrollment.id)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    expect((await localObject(her.enrollment.stripeSubscriptionId!)).status).not.toBe("canceled");
    const [row] = await testDb().select().from(earnings).where(eq(earnings.id, her.earning.id));
    expect({ refunded: row.refundedPaise, reversed: row.reversedPaise, leased: row.transferClaimedAt }).toEqual({
      refunded: 0,
      reversed: 0,
      leased: null,
    });
    expect(await refundRows(row.id)).toEqual([]);
  });
});
