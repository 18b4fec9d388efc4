import { and, desc, eq, like, not } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOutbox, mentors, moderationActions } from "../../db/schema";
import { BLOCKED_MESSAGE, NOT_ACCEPTED_MESSAGE, UNDER_REVIEW_MESSAGE } from "../../worker/accounts/accounts";
import { REAPPLY_HELD_MESSAGE } from "../../worker/accounts/auth.router";
import { createMentee, createMentor, mentorApplication, signIn, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { mailedLinkToken } from "../support/mail";
import { createModerator, createPaidSubscription, enrollmentById } from "../support/moderation";

/** Applicant decisions, blocking that takes effect at once, and the audit entry of each action. */

const DAY = 24 * 60 * 60 * 1000;
const auditOf = (targetId: string) =>
  testDb().select().from(moderationActions).where(eq(moderationActions.targetId, targetId)).orderBy(desc(moderationActions.createdAt));
/** The decision mails to an applicant (an application also mails a link that proves the address: ADR 0019). */
const mailTo = (to: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), not(like(emailOutbox.subject, "Confirm your %"))));
const mentorByEmail = async (email: string) => (await testDb().select().from(mentors).where(eq(mentors.email, email)))[0];
/** A word FTS will find only in this test's mentor. */
const uniqueWord = () =>
  `zq${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 8)}`;

async function apply(overrides: Record<string, unknown> = {}) {
  const application = mentorApplication(overrides);
  expect((await rest("POST", "/api/mentors/register", { body: application })).status).toBe(201);
  return { application, row: await mentorByEmail(application.email as string) };
}

describe("mentor applicants", () => {
  it("accept: the applicant is e-mailed, can sign in at once and appears in search; the decision is audited and final", async () => {
    const moderator = await createModerator();
    const word = uniqueWord();
    const { application, row } = await apply({ firstName: word });
    const login = { email: application.email, password: application.password };
    expect(await rest("POST", "/api/mentors/login", { body: login })).toEqual({
      status: 403,
      body: errorBody(UNDER_REVIEW_MESSAGE, { underReview: true }),
    });

    const requests = await rest("GET", "/api/moderator/mentor_requests", { token: moderator.token });
    expect(requests.body.mentorRequests).toContainEqual(
      expect.objectContaining({
        _id: row.id,
        jobTitle: "Engineer",
        firmName: "Acme",
        location: "Pune",
        educationalQualification: "B.Tech",
        hourlyRate: 1500,
        expertise: ["React", "Node"],
        website: "https://example.com",
      }),
    );

    const accepted = await rest("PATCH", "/api/moderator/mentor_request_accept", {
      token: moderator.token,
      body: { mentorId: row.id, mentorName: "ignored", mentorEmail: "ignored@example.com" },
    });
    expect(accepted).toMatchObject({ status: 200, body: { message: "Mentor accepted", email: application.email } });
    expect((await rest("POST", "/api/mentors/login", { body: login })).status).toBe(200);
    const search = await rest("GET", `/api/mentees/mentors?search=${word}`);
    expect((search.body.mentorsSearchResult as { _id: string }[]).map((m) => m._id)).toEqual([row.id]);

    const mails = await mailTo(application.email as string);
    expect(mails).toEqual([
      expect.objectContaining({ subject: expect.stringMatching(/accepted/), body: expect.stringMatching(/sign in as a mentor now/) }),
    ]);
    expect(await auditOf(row.id)).toEqual([
      expect.objectContaining({ moderatorId: moderator.id, action: "accept_applicant", targetRole: "mentor" }),
    ]);

    expect(
      await rest("PATCH", "/api/moderator/mentor_request_accept", { token: moderator.token, body: { mentorId: row.id } }),
    ).toMatchObject({ status: 409 });
    expect(await mailTo(application.email as string)).toHaveLength(1);
  });

  it("reject with a reason: e-mailed with the reason, sign-in says so, re-applying before 30 days says when, after 30 days it is a new application", async () => {
    const moderator = await createModerator();
    const { application, row } = await apply();
    const reason = "Please add more detail about your mentoring experience.";
    expect(await rest("PATCH", "/api/moderator/mentor_request_reject", { token: moderator.token, body: { mentorId: row.id } })).toEqual({
      status: 400,
      body: errorBody("Please give a reason"),
    });
    const rejected = await rest("PATCH", "/api/moderator/mentor_request_reject", {
      token: moderator.token,
      body: { mentorId: row.id, reason },
    });
    expect(rejected).toMatchObject({ status: 200, body: { message: "Application rejected" } });
    const reapplyAt = new Date(rejected.body.reapplyAt as string).getTime();
    expect(Math.abs(reapplyAt - (Date.now() + 30 * DAY))).toBeLessThan(60_000);

    const [mail] = await mailTo(application.email as string);
    expect(mail.body).toContain(reason);
    expect(mail.body).toMatch(/apply again from/);
    expect(await auditOf(row.id)).toEqual([expect.objectContaining({ moderatorId: moderator.id, action: "reject_applicant", reason })]);
    expect(await rest("POST", "/api/mentors/login", { body: { email: application.email, password: application.password } })).toEqual({
      status: 403,
      body: errorBody(NOT_ACCEPTED_MESSAGE, { rejected: true }),
    });
    const list = await trpc(moderator.token).moderation.applicants.query();
    expect(list.map((a) => a.id)).not.toContain(row.id);

    const early = await rest("POST", "/api/mentors/register", { body: { ...application, jobTitle: "Staff Engineer" } });
    expect(early.status).toBe(403);
    expect(early.body).toMatchObject({
      rejected: true,
      reapplyAt: rejected.body.reapplyAt,
      message: expect.stringMatching(/^Your earlier application was not accepted\. You can apply again from \d{1,2} \w+ \d{4}\.$/),
    });
    expect((await mentorByEmail(application.email as string)).jobTitle).toBe("Engineer");

    // 31 days later (the rejection moved back instead of the clock).
    await testDb()
      .update(mentors)
      .set({ rejectedAt: new Date(Date.now() - 31 * DAY) })
      .where(eq(mentors.id, row.id));
    const again = await rest("POST", "/api/mentors/register", { body: { ...application, jobTitle: "Staff Engineer", expertise: ["Go"] } });
    expect(again).toMatchObject({ status: 201, body: { message: REAPPLY_HELD_MESSAGE } });
    // It waits for the address's owner to open the mailed link.
    expect((await trpc(moderator.token).moderation.applicants.query()).map((a) => a.id)).not.toContain(row.id);
    const link = await mailedLinkToken(application.email as string, "Confirm your new MentorLink mentor application");
    expect((await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).status).toBe(200);
    const applicants = await trpc(moderator.token).moderation.applicants.query();
    expect(applicants.find((a) => a.id === row.id)).toMatchObject({ jobTitle: "Staff Engineer", expertise: ["Go"], reapplication: true });
    expect(
      await rest("PATCH", "/api/moderator/mentor_request_accept", { token: moderator.token, body: { mentorId: row.id } }),
    ).toMatchObject({ status: 200 });
    expect((await auditOf(row.id)).map((a) => a.action).sort()).toEqual(["accept_applicant", "reject_applicant"]);
  });

  it("of an accept and a reject sent at once, exactly one decides the application", async () => {
    const [a, b] = await Promise.all([createModerator(), createModerator()]);
    const { row } = await apply();
    const results = await Promise.all([
      trpcOutcome(trpc(a.token).moderation.acceptApplicant.mutate({ mentorId: row.id })),
      trpcOutcome(trpc(b.token).moderation.rejectApplicant.mutate({ mentorId: row.id, reason: "Duplicate application." })),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(await auditOf(row.id)).toHaveLength(1);
    expect(await mailTo(row.email)).toHaveLength(1);
    expect((await mentorByEmail(row.email)).status).toBe(results[0].status === 200 ? "approved" : "rejected");
  });
});

describe("blocking means blocked, at once", () => {
  it("a blocked mentee: every session revoked, her access token refused on the next request, sign-in refused with the reason; unblocking restores sign-in but not old sessions", async () => {
    const moderator = await createModerator();
    const mentee = await createMentee();
    const [phone, laptop] = [await signIn("mentee", mentee.email), await signIn("mentee", mentee.email)];
    expect((await trpcOutcome(trpc(phone.accessToken).auth.session.query())).status).toBe(200);

    const reason = "Harassed a mentor in chat.";
    const blocked = await rest("PATCH", "/api/moderator/mentees_status_change", {
      token: moderator.token,
      body: { menteeId: mentee.id, reason },
    });
    expect(blocked).toMatchObject({ status: 200, body: { message: "User Blocked", isBlocked: true, changed: true } });

    expect(await trpcOutcome(trpc(phone.accessToken).auth.session.query())).toMatchObject({
      status: 403,
      message: BLOCKED_MESSAGE,
      details: { blocked: true },
    });
    expect((await rest("GET", "/api/mentees/subscribed-mentors", { token: laptop.accessToken })).status).toBe(403);
    for (const s of [phone, laptop])
      expect((await rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken: s.refreshToken } })).status).toBe(401);
    // Signing in says why (the moderator's reason) and how to appeal.
    const refusedSignIn =
      "Your account is blocked: Harassed a mentor in chat. To appeal, write to support@mentorlink.local from this account's e-mail address.";
    expect(await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: "Passw0rd!" } })).toEqual({
      status: 403,
      body: errorBody(refusedSignIn, { blocked: true }),
    });
    const list = await trpc(moderator.token).moderation.mentees.query({ search: mentee.email });
    expect(list.items).toEqual([expect.objectContaining({ id: mentee.id, isBlocked: true })]);

    const unblocked = await rest("PATCH", "/api/moderator/mentees_status_change", {
      token: moderator.token,
      body: { menteeId: mentee.id, reason: "Apologised; first offence." },
    });
    expect(unblocked).toMatchObject({ status: 200, body: { message: "User Unblocked", isBlocked: false } });
    expect((await rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken: laptop.refreshToken } })).status).toBe(401);
    expect((await trpcOutcome(trpc(laptop.accessToken).auth.session.query())).status).toBe(401);
    const fresh = await signIn("mentee", mentee.email);
    expect((await trpcOutcome(trpc(fresh.accessToken).auth.session.query())).status).toBe(200);

    const audit = await auditOf(mentee.id);
    expect(audit.map((a) => ({ action: a.action, reason: a.reason, moderatorId: a.moderatorId }))).toEqual([
      { action: "unblock", reason: "Apologised; first offence.", moderatorId: moderator.id },
      { action: "block", reason, moderatorId: moderator.id },
    ]);
  });

  it("a blocked mentor leaves search, profiles and new checkouts; his renewing subscriptions end at period end through the payments code, and that is recorded", async () => {
    const moderator = await createModerator();
    const word = uniqueWord();
    const mentor = await createMentor({ firstName: word });
    const [buyer, other] = await Promise.all([createMentee(), createMentee()]);
    const enrollmentId = await createPaidSubscription(buyer.id, mentor.id);
    const otherToken = (await signIn("mentee", other.email)).accessToken;
    expect((await rest("GET", `/api/mentees/mentors?search=${word}`)).body.mentorsSearchResult).toHaveLength(1);

    const outcome = await trpc(moderator.token).moderation.setBlocked.mutate({
      role: "mentor",
      id: mentor.id,
      blocked: true,
      reason: "Asked mentees to pay outside the platform.",
    });
    expect(outcome).toMatchObject({ isBlocked: true, subscriptionsEnding: 1, subscriptionsFailed: 0 });

    expect((await rest("GET", `/api/mentees/mentors?search=${word}`)).body.mentorsSearchResult).toEqual([]);
    expect((await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`)).status).toBe(404);
    expect((await rest("POST", "/api/mentees/create-checkout", { token: otherToken, body: { mentorId: mentor.id } })).status).toBe(422);
    expect(await enrollmentById(enrollmentId)).toMatchObject({ status: "active", cancelAtPeriodEnd: true });
    const [entry] = await auditOf(mentor.id);
    expect(entry).toMatchObject({ action: "block", moderatorId: moderator.id, reason: "Asked mentees to pay outside the platform." });
    expect(JSON.parse(entry.details!)).toEqual({ subscriptionsSetToEnd: [enrollmentId] });

    // The mentee cannot undo the ending while the mentor is blocked.
    const buyerToken = (await signIn("mentee", buyer.email)).accessToken;
    expect(await trpcOutcome(trpc(buyerToken).subscriptions.resume.mutate({ subscriptionId: enrollmentId }))).toMatchObject({
      status: 422,
      message: /no longer available/,
    });
    expect(await enrollmentById(enrollmentId)).toMatchObject({ cancelAtPeriodEnd: true });
  });

  it("two blocks sent at once block once and leave one audit entry", async () => {
    const [a, b] = await Promise.all([createModerator(), createModerator()]);
    const mentee = await createMentee();
    const results = await Promise.all(
      [a, b].map((m) => trpc(m.token).moderation.setBlocked.mutate({ role: "mentee", id: mentee.id, blocked: true, reason: "Spam." })),
    );
    expect(results.map((r) => r.changed).sort()).toEqual([false, true]);
    expect(
      await testDb()
        .select()
        .from(moderationActions)
        .where(and(eq(moderationActions.targetId, mentee.id), eq(moderationActions.action, "block"))),
    ).toHaveLength(1);
  });

  it("the audit log is append-only in the database itself: an entry can be neither changed nor removed", async () => {
    const moderator = await createModerator();
    const mentee = await createMentee();
    await trpc(moderator.token).moderation.setBlocked.mutate({ role: "mentee", id: mentee.id, blocked: true, reason: "Spam." });
    const [entry] = await auditOf(mentee.id);
    const refusal = (error: unknown) => String((error as { cause?: unknown }).cause ?? error);
    expect(
      refusal(
        await testDb()
          .update(moderationActions)
          .set({ reason: "Nothing happened." })
          .where(eq(moderationActions.id, entry.id))
          .catch((e: unknown) => e),
      ),
    ).toMatch(/append-only/);
    expect(
      refusal(
        await testDb()
          .delete(moderationActions)
          .where(eq(moderationActions.id, entry.id))
          .catch((e: unknown) => e),
      ),
    ).toMatch(/append-only/);
    expect(await auditOf(mentee.id)).toEqual([entry]);
  });
});

describe("the audit log page", () => {
  it("lists entries newest first with who, what, on whom, why and when, filterable by moderator and by target", async () => {
    const [a, b] = await Promise.all([createModerator({ firstName: "Audit" }), createModerator()]);
    const [x, y] = await Promise.all([createMentee({ firstName: "Xena" }), createMentee()]);
    await trpc(a.token).moderation.setBlocked.mutate({ role: "mentee", id: x.id, blocked: true, reason: "First." });
    await trpc(b.token).moderation.setBlocked.mutate({ role: "mentee", id: y.id, blocked: true, reason: "Second." });
    await trpc(a.token).moderation.setBlocked.mutate({ role: "mentee", id: y.id, blocked: false, reason: "Third." });

    const byA = await trpc(b.token).moderation.audit.query({ moderatorId: a.id });
    expect(byA.items.map((e) => e.reason)).toEqual(["Third.", "First."]);
    expect(byA.items[1]).toMatchObject({
      action: "block",
      moderator: { id: a.id, name: "Audit Moderator" },
      target: { role: "mentee", id: x.id, name: "Xena Mentee" },
      createdAt: expect.any(String),
    });
    const onY = await rest("GET", `/api/moderator/audit-log?targetId=${y.id}`, { token: a.token });
    expect((onY.body.auditLog as { reason: string }[]).map((e) => e.reason)).toEqual(["Third.", "Second."]);
    const both = await trpc(a.token).moderation.audit.query({ moderatorId: b.id, targetId: x.id });
    expect(both.items).toEqual([]);
  });
});
