import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { oneTimeCodes } from "../../db/schema";
import { CLOSE_SIGN_IN_ENDED } from "../../shared/realtime-protocol";
import { SIGNED_OUT_MESSAGE } from "../../worker/accounts/accounts";
import { CODE_MESSAGES } from "../../worker/accounts/one-time-codes";
import { NO_PASSWORD_YET, WRONG_CURRENT_PASSWORD } from "../../worker/accounts/password-change";
import { createMentee, createMentor, setBlocked, signIn, testDb, uniqueEmail } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { ageCodes, latestResetCode, mailTo } from "../support/mail";
import { createModerator } from "../support/moderation";
import { closeCodeOf, connect, roomUrlFor } from "../support/sockets";

/** Password reset by e-mailed one-time code, over REST (SPEC §7) and tRPC, and change from the profile. */

const NEW_PASSWORD = "N3w-password!";
const MINUTE = 60_000;
const area = { mentee: "mentees", mentor: "mentors" } as const;
const sendOtp = (role: "mentee" | "mentor", email: string) => rest("POST", `/api/${area[role]}/sent-otp`, { body: { email } });
const verifyOtp = (role: "mentee" | "mentor", email: string, otp: string, password = NEW_PASSWORD, confirmPassword = password) =>
  rest("POST", `/api/${area[role]}/verify-otp`, { body: { otp, password, confirmPassword, email } });
const loginStatus = async (role: "mentee" | "mentor", email: string, password: string) =>
  (await rest("POST", `/api/${area[role]}/login`, { body: { email, password } })).status;

describe("password reset over REST (SPEC §7)", () => {
  it.each(["mentee", "mentor"] as const)(
    "a %s resets with the mailed code: new password works, old does not, every sign-in ends, a notice is mailed",
    async (role) => {
      const account = role === "mentee" ? await createMentee() : await createMentor();
      const session = await signIn(role, account.email);
      expect(await sendOtp(role, account.email)).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
      const code = await latestResetCode(account.email);
      expect(code).toMatch(/^\d{6}$/);
      const [stored] = await testDb().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, account.id));
      expect(stored.codeHash).not.toContain(code); // only a hash is kept

      expect(await verifyOtp(role, account.email, code)).toEqual({
        status: 200,
        body: { message: "Password Changed Successfully..!! Please login again" },
      });
      expect(await loginStatus(role, account.email, DEMO_PASSWORD)).toBe(role === "mentee" ? 401 : 409);
      expect(await loginStatus(role, account.email, NEW_PASSWORD)).toBe(200);
      // The earlier sign-in is over: its refresh token and its access token are refused at once.
      expect(
        (await rest("POST", `/api/${area[role]}/regenerate_access_token`, { body: { refreshToken: session.refreshToken } })).status,
      ).toBe(401);
      expect(await trpcOutcome(trpc(session.accessToken).auth.session.query())).toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
      // Newest but for the alert of the sign-in with the new password (a sign-in is mailed too).
      const mails = (await mailTo(account.email)).filter((m) => m.subject !== "New sign-in to your MentorLink account");
      expect(mails[0].subject).toBe("Your MentorLink password was changed");
      const notice = mails[0];
      expect(notice.body).not.toMatch(/\d{6}/); // no secret in the notice
      expect(notice.html).toContain("MentorLink");
    },
  );

  it("answers an unknown e-mail exactly like a known one, in similar time, and mails nothing", async () => {
    const known = await createMentee();
    const unknown = uniqueEmail("nobody");
    const time = async (email: string) => {
      const started = performance.now();
      const answer = await sendOtp("mentee", email);
      return { answer, ms: performance.now() - started };
    };
    const knownRuns = [];
    const unknownRuns = [];
    for (let i = 0; i < 6; i++) {
      // Alternate which goes first, so neither pays for the other's after-response work every time.
      if (i % 2) unknownRuns.push(await time(unknown));
      knownRuns.push(await time(known.email));
      if (!(i % 2)) unknownRuns.push(await time(unknown));
    }
    for (const run of [...knownRuns, ...unknownRuns]) expect(run.answer).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
    const median = (runs: { ms: number }[]) => {
      const sorted = runs.map((r) => r.ms).sort((a, b) => a - b);
      return (sorted[2] + sorted[3]) / 2;
    };
    expect(Math.abs(median(knownRuns) - median(unknownRuns))).toBeLessThan(Math.max(25, median(knownRuns) * 0.5));
    expect(await mailTo(unknown)).toHaveLength(0);
  });

  it("refuses an expired code, a used code, and a wrong code with the tries left; a code dies after 5 wrong tries", async () => {
    const mentee = await createMentee();
    await sendOtp("mentee", mentee.email);
    const code = await latestResetCode(mentee.email);
    const wrong = code === "000000" ? "111111" : "000000";
    expect(await verifyOtp("mentee", mentee.email, wrong)).toEqual({ status: 400, body: errorBody(CODE_MESSAGES.wrong(4)) });
    for (const left of [3, 2, 1]) expect((await verifyOtp("mentee", mentee.email, wrong)).body.message).toBe(CODE_MESSAGES.wrong(left));
    expect((await verifyOtp("mentee", mentee.email, wrong)).body.message).toBe(CODE_MESSAGES.wrong(0));
    expect(await verifyOtp("mentee", mentee.email, code)).toEqual({ status: 400, body: errorBody(CODE_MESSAGES.exhausted) });
    expect(await loginStatus("mentee", mentee.email, DEMO_PASSWORD)).toBe(200);

    await ageCodes(mentee.id, 2 * MINUTE);
    await sendOtp("mentee", mentee.email);
    const second = await latestResetCode(mentee.email);
    await ageCodes(mentee.id, 10 * MINUTE);
    expect(await verifyOtp("mentee", mentee.email, second)).toEqual({ status: 400, body: errorBody(CODE_MESSAGES.expired) });

    await sendOtp("mentee", mentee.email);
    const third = await latestResetCode(mentee.email);
    expect((await verifyOtp("mentee", mentee.email, third)).status).toBe(200);
    expect(await verifyOtp("mentee", mentee.email, third)).toEqual({ status: 400, body: errorBody(CODE_MESSAGES.used) });
  });

  it("a new code invalidates the old one; at most one code a minute and five an hour (the answer stays the same)", async () => {
    const mentee = await createMentee();
    await sendOtp("mentee", mentee.email);
    const first = await latestResetCode(mentee.email);
    expect(await sendOtp("mentee", mentee.email)).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
    expect(await mailTo(mentee.email)).toHaveLength(1); // within the minute: no second code
    await ageCodes(mentee.id, MINUTE + 1000);
    await sendOtp("mentee", mentee.email);
    const second = await latestResetCode(mentee.email);
    expect(await mailTo(mentee.email)).toHaveLength(2);
    if (second !== first) expect((await verifyOtp("mentee", mentee.email, first)).status).toBe(400);
    for (let i = 0; i < 3; i++) {
      await ageCodes(mentee.id, MINUTE + 1000);
      await sendOtp("mentee", mentee.email);
    }
    expect(await mailTo(mentee.email)).toHaveLength(5);
    await ageCodes(mentee.id, MINUTE + 1000);
    expect((await sendOtp("mentee", mentee.email)).status).toBe(200);
    expect(await mailTo(mentee.email)).toHaveLength(5); // the sixth in the hour is not sent
  });

  it("two requests at once write one code and one mail", async () => {
    const mentee = await createMentee();
    await Promise.all([1, 2, 3].map(() => sendOtp("mentee", mentee.email)));
    expect(await mailTo(mentee.email)).toHaveLength(1);
    expect(await testDb().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, mentee.id))).toHaveLength(1);
  });

  it("a blocked account gets no code", async () => {
    const mentee = await createMentee();
    await setBlocked("mentee", mentee.id, true);
    expect(await sendOtp("mentee", mentee.email)).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
    expect(await mailTo(mentee.email)).toHaveLength(0);
  });

  it("a pending applicant gets no code (answered as a blocked account is); once accepted, a code comes at once and works", async () => {
    const mentor = await createMentor({ status: "pending" });
    expect(await sendOtp("mentor", mentor.email)).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
    expect(await mailTo(mentor.email)).toHaveLength(0);
    expect(await testDb().select().from(oneTimeCodes).where(eq(oneTimeCodes.userId, mentor.id))).toHaveLength(0);

    const moderator = await createModerator();
    expect(
      await rest("PATCH", "/api/moderator/mentor_request_accept", { token: moderator.token, body: { mentorId: mentor.id } }),
    ).toMatchObject({ status: 200 });
    expect(await sendOtp("mentor", mentor.email)).toEqual({ status: 200, body: { message: CODE_MESSAGES.sent } });
    expect(await verifyOtp("mentor", mentor.email, await latestResetCode(mentor.email))).toMatchObject({ status: 200 });
    expect(await loginStatus("mentor", mentor.email, NEW_PASSWORD)).toBe(200);
  });

  it("the new password follows the sign-up rules; the code must be 6 digits", async () => {
    const mentee = await createMentee();
    expect(await verifyOtp("mentee", mentee.email, "123456", NEW_PASSWORD, "other")).toMatchObject({
      status: 400,
      body: { message: "Passwords must match" },
    });
    expect(await verifyOtp("mentee", mentee.email, "123456", "")).toMatchObject({ status: 400, body: { message: "Password is required" } });
    expect(await verifyOtp("mentee", mentee.email, "12ab")).toMatchObject({
      status: 400,
      body: { message: "The code is the 6 digits from the e-mail" },
    });
    expect(await verifyOtp("mentee", mentee.email, "123456")).toEqual({ status: 400, body: errorBody(CODE_MESSAGES.unknown) });
  });

  it("a Google-only mentee (no password) sets her first password through reset", async () => {
    const mentee = await createMentee({ passwordHash: null, googleId: `g-${crypto.randomUUID()}` });
    await sendOtp("mentee", mentee.email);
    expect((await verifyOtp("mentee", mentee.email, await latestResetCode(mentee.email))).status).toBe(200);
    expect(await loginStatus("mentee", mentee.email, NEW_PASSWORD)).toBe(200);
  });
});

describe("password reset closes open tabs", () => {
  it("every sign-in's realtime sockets are closed after a reset, with the 'sign-in ended' code", async () => {
    const mentee = await createMentee();
    const sockets = [];
    for (let i = 0; i < 2; i++) {
      const { accessToken } = await signIn("mentee", mentee.email);
      sockets.push(await connect(await roomUrlFor(`user-room/mentee:${mentee.id}`, accessToken)));
    }
    try {
      await sendOtp("mentee", mentee.email);
      expect((await verifyOtp("mentee", mentee.email, await latestResetCode(mentee.email))).status).toBe(200);
      for (const socket of sockets) await expect.poll(() => closeCodeOf(socket), { timeout: 5_000 }).toBe(CLOSE_SIGN_IN_ENDED);
    } finally {
      sockets.forEach((socket) => socket.terminate());
    }
  });
});

describe("password reset over tRPC", () => {
  it("a mentor resets through the procedures the SPA calls", async () => {
    const mentor = await createMentor();
    expect(await trpc().password.requestResetCode.mutate({ role: "mentor", email: mentor.email.toUpperCase() })).toEqual({
      message: CODE_MESSAGES.sent,
    });
    const otp = await latestResetCode(mentor.email);
    const wrong = await trpcOutcome(
      trpc().password.resetPassword.mutate({
        role: "mentor",
        email: mentor.email,
        otp: otp === "999999" ? "000000" : "999999",
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    );
    expect(wrong).toMatchObject({ status: 400, message: CODE_MESSAGES.wrong(4) });
    expect(
      await trpc().password.resetPassword.mutate({
        role: "mentor",
        email: mentor.email,
        otp,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    ).toEqual({
      message: CODE_MESSAGES.changed,
    });
    expect(await loginStatus("mentor", mentor.email, NEW_PASSWORD)).toBe(200);
  });

  it("two verifications with the right code at once: exactly one changes the password", async () => {
    const mentee = await createMentee();
    await sendOtp("mentee", mentee.email);
    const otp = await latestResetCode(mentee.email);
    const results = await Promise.all(["First-pass1", "Second-pass2"].map((password) => verifyOtp("mentee", mentee.email, otp, password)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
    expect((await mailTo(mentee.email)).filter((m) => /was changed/.test(m.subject))).toHaveLength(1);
  });
});

describe("change password from the profile", () => {
  it("needs the current password; ends the other sign-ins and keeps this one", async () => {
    const mentee = await createMentee();
    const here = await signIn("mentee", mentee.email);
    const elsewhere = await signIn("mentee", mentee.email);
    const change = (currentPassword: string) =>
      trpcOutcome(
        trpc(here.accessToken).password.change.mutate({ currentPassword, password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      );
    expect(await change("wrong")).toMatchObject({ status: 400, message: WRONG_CURRENT_PASSWORD });
    expect((await change(DEMO_PASSWORD)).status).toBe(200);
    expect((await trpcOutcome(trpc(here.accessToken).auth.session.query())).status).toBe(200);
    expect((await rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken: here.refreshToken } })).status).toBe(200);
    expect(await trpcOutcome(trpc(elsewhere.accessToken).auth.session.query())).toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
    expect((await rest("POST", "/api/mentees/regenerate_access_token", { body: { refreshToken: elsewhere.refreshToken } })).status).toBe(
      401,
    );
    expect(await loginStatus("mentee", mentee.email, NEW_PASSWORD)).toBe(200);
    const mails = (await mailTo(mentee.email)).filter((m) => m.subject !== "New sign-in to your MentorLink account");
    expect(mails[0].subject).toBe("Your MentorLink password was changed");
  });

  it("a Google-only account is told to set a password through reset; a signed-out caller gets 401", async () => {
    const mentee = await createMentee({ passwordHash: null, googleId: `g-${crypto.randomUUID()}` });
    const { accessTokenFor } = await import("../support/accounts");
    const token = await accessTokenFor("mentee", mentee.id);
    expect(
      await trpcOutcome(
        trpc(token).password.change.mutate({ currentPassword: "x", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD }),
      ),
    ).toMatchObject({
      status: 400,
      message: NO_PASSWORD_YET,
    });
    expect(
      (
        await rest("POST", "/api/mentees/change-password", {
          body: { currentPassword: "x", password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD },
        })
      ).status,
    ).toBe(401);
  });
});
