import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailProofs, mentees, mentorSkills, mentors } from "../../db/schema";
import { REAPPLY_HELD_MESSAGE } from "../../worker/accounts/auth.router";
import { PROOF_MESSAGES } from "../../worker/accounts/email-proofs";
import { accessTokenFor, createMentee, createMentor, menteeSignup, mentorApplication, testDb } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";
import { mailedLinkToken } from "../support/mail";

/**
 * An address is proven by a mailed link (or a reset code), and a rejected applicant's new
 * application waits for that proof, so nobody can replace the account's password by re-applying.
 */

const DAY = 24 * 60 * 60 * 1000;

const menteeByEmail = async (email: string) => (await testDb().select().from(mentees).where(eq(mentees.email, email)))[0];

describe("proving an e-mail address", () => {
  it("sign-up mails a link; opening it proves the address, and it works once", async () => {
    const signup = menteeSignup();
    expect((await rest("POST", "/api/mentees/register", { body: signup })).status).toBe(201);
    const mentee = await menteeByEmail(signup.email);
    expect(mentee.emailVerifiedAt).toBeNull();
    const token = await accessTokenFor("mentee", mentee.id);
    expect((await trpc(token).email.status.query()).verified).toBe(false);

    const link = await mailedLinkToken(signup.email, "Confirm your MentorLink e-mail address");
    const opened = await trpcOutcome(trpc().email.confirm.mutate({ token: link }));
    expect(opened).toMatchObject({ status: 200, value: { purpose: "verify_email", role: "mentee", message: PROOF_MESSAGES.verified } });
    expect((await menteeByEmail(signup.email)).emailVerifiedAt).toEqual(expect.any(Date));
    expect(await trpc(token).email.status.query()).toEqual({ email: signup.email, verified: true });

    expect(await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).toMatchObject({ status: 400, message: PROOF_MESSAGES.invalid });
  });

  it("refuses a forged, malformed or expired link", async () => {
    const mentee = await createMentee({ emailVerifiedAt: null });
    const token = await accessTokenFor("mentee", mentee.id);
    expect((await trpcOutcome(trpc(token).email.sendVerification.mutate())).status).toBe(200);
    const link = await mailedLinkToken(mentee.email, "Confirm your MentorLink e-mail address");
    const [id] = link.split(".");
    expect(await trpcOutcome(trpc().email.confirm.mutate({ token: `${id}.${"x".repeat(43)}` }))).toMatchObject({
      status: 400,
      message: PROOF_MESSAGES.invalid,
    });
    expect((await trpcOutcome(trpc().email.confirm.mutate({ token: "not a token" }))).status).toBe(400);
    await testDb()
      .update(emailProofs)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(emailProofs.id, id));
    expect(await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).toMatchObject({ status: 400, message: PROOF_MESSAGES.invalid });
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0].emailVerifiedAt).toBeNull();
  });

  it("a signed-in member asks for a link at most once a minute; a proven address needs none", async () => {
    const mentor = await createMentor({ emailVerifiedAt: null });
    const token = await accessTokenFor("mentor", mentor.id);
    expect(await trpcOutcome(trpc(token).email.sendVerification.mutate())).toMatchObject({
      status: 200,
      value: { message: PROOF_MESSAGES.sent(mentor.email) },
    });
    expect(await trpcOutcome(trpc(token).email.sendVerification.mutate())).toMatchObject({ status: 429, message: PROOF_MESSAGES.tooSoon });
    const proven = await createMentee();
    const provenToken = await accessTokenFor("mentee", proven.id);
    expect(await trpcOutcome(trpc(provenToken).email.sendVerification.mutate())).toMatchObject({
      status: 200,
      value: { message: PROOF_MESSAGES.alreadyVerified },
    });
    // Moderators have no such address to prove; signed-out callers none at all.
    expect((await trpcOutcome(trpc().email.status.query())).status).toBe(401);
  });

  it("two openings of one link at once: exactly one succeeds", async () => {
    const mentee = await createMentee({ emailVerifiedAt: null });
    const token = await accessTokenFor("mentee", mentee.id);
    await trpc(token).email.sendVerification.mutate();
    const link = await mailedLinkToken(mentee.email, "Confirm your MentorLink e-mail address");
    const outcomes = await Promise.all([1, 2, 3].map(() => trpcOutcome(trpc().email.confirm.mutate({ token: link }))));
    expect(outcomes.filter((o) => o.status === 200)).toHaveLength(1);
    expect(outcomes.filter((o) => o.status === 400)).toHaveLength(2);
  });
});

describe("a rejected applicant applies again only with proof of the address", () => {
  it("holds the new application until the mailed link is opened, then applies it", async () => {
    const rejected = await createMentor({ status: "rejected", rejectedAt: new Date(Date.now() - 31 * DAY), emailVerifiedAt: null });
    const application = mentorApplication({
      email: rejected.email,
      firstName: "Renewed",
      expertise: ["Go", "Kubernetes"],
      password: "a fresh Passphrase 42",
      confirmpassword: "a fresh Passphrase 42",
    });
    const answer = await rest("POST", "/api/mentors/register", { body: application });
    expect(answer).toMatchObject({ status: 201, body: { message: REAPPLY_HELD_MESSAGE } });
    // Nothing of the account changed yet: not its password, its status or its name.
    const [before] = await testDb().select().from(mentors).where(eq(mentors.id, rejected.id));
    expect(before).toMatchObject({ status: "rejected", passwordHash: rejected.passwordHash, firstName: rejected.firstName });

    const link = await mailedLinkToken(rejected.email, "Confirm your new MentorLink mentor application");
    expect(await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).toMatchObject({
      status: 200,
      value: { purpose: "reapply", message: PROOF_MESSAGES.reapplied },
    });
    const [after] = await testDb().select().from(mentors).where(eq(mentors.id, rejected.id));
    expect(after).toMatchObject({ status: "pending", firstName: "Renewed", emailVerifiedAt: expect.any(Date) });
    expect(after.passwordHash).not.toBe(rejected.passwordHash);
    const skills = await testDb().select({ name: mentorSkills.name }).from(mentorSkills).where(eq(mentorSkills.mentorId, rejected.id));
    expect(skills.map((s) => s.name).sort()).toEqual(["Go", "Kubernetes"]);
    // Used once.
    expect((await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).status).toBe(400);
  });

  it("a link for an application that was decided meanwhile applies nothing", async () => {
    const rejected = await createMentor({ status: "rejected", rejectedAt: new Date(Date.now() - 40 * DAY) });
    await rest("POST", "/api/mentors/register", { body: mentorApplication({ email: rejected.email }) });
    const link = await mailedLinkToken(rejected.email, "Confirm your new MentorLink mentor application");
    await testDb().update(mentors).set({ status: "pending" }).where(eq(mentors.id, rejected.id));
    expect(await trpcOutcome(trpc().email.confirm.mutate({ token: link }))).toMatchObject({
      status: 409,
      message: PROOF_MESSAGES.notRejected,
    });
    const [row] = await testDb()
      .select()
      .from(mentors)
      .where(and(eq(mentors.id, rejected.id)));
    expect(row.passwordHash).toBe(rejected.passwordHash);
  });
});

describe("a reset code proves the address too", () => {
  it("a completed password reset marks the address proven", async () => {
    const mentee = await createMentee({ emailVerifiedAt: null });
    const { latestResetCode } = await import("../support/mail");
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: mentee.email } })).status).toBe(200);
    const otp = await latestResetCode(mentee.email);
    const reset = await rest("POST", "/api/mentees/verify-otp", {
      body: { email: mentee.email, otp, password: "another Passphrase 42", confirmPassword: "another Passphrase 42" },
    });
    expect(reset.status).toBe(200);
    expect((await testDb().select().from(mentees).where(eq(mentees.id, mentee.id)))[0].emailVerifiedAt).toEqual(expect.any(Date));
  });
});
