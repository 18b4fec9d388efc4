import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { mentees } from "../../db/schema";
import { PASSWORD_TOO_SHORT } from "../../shared/validation/accounts";
import { COMMON_PASSWORD } from "../../worker/accounts/common-passwords";
import { hashPassword } from "../../worker/accounts/passwords";
import { createMentee, menteeSignup, mentorApplication, signIn, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { latestResetCode } from "../support/mail";

/** New passwords have at least 8 characters and are not among the most common breached ones. */

const refusals: [string, Record<string, unknown>][] = [
  ["a", errorBody(PASSWORD_TOO_SHORT)],
  ["12345678", errorBody(COMMON_PASSWORD, { field: "password" })],
  ["password123", errorBody(COMMON_PASSWORD, { field: "password" })],
  ["PASSWORD123", errorBody(COMMON_PASSWORD, { field: "password" })],
];

describe("new-password policy", () => {
  it.each(refusals)("mentee sign-up with %j answers 400 with the message and creates nothing", async (password, body) => {
    const input = menteeSignup({ password, confirmpassword: password });
    expect(await rest("POST", "/api/mentees/register", { body: input })).toEqual({ status: 400, body });
    expect(await trpcOutcome(trpc().auth.registerMentee.mutate(input))).toMatchObject({ status: 400, message: body.message });
    expect(await testDb().query.mentees.findFirst({ where: eq(mentees.email, input.email) })).toBeUndefined();
  });

  it("mentee sign-up with a good password, and with the demo accounts' password, answers 201", async () => {
    for (const password of ["a sentence of my own", DEMO_PASSWORD]) {
      expect((await rest("POST", "/api/mentees/register", { body: menteeSignup({ password, confirmpassword: password }) })).status).toBe(
        201,
      );
    }
  });

  it("a mentor application with a common password answers 400; a good one 201", async () => {
    const refused = await rest("POST", "/api/mentors/register", {
      body: mentorApplication({ password: "Password123", confirmpassword: "Password123" }),
    });
    expect(refused).toEqual({ status: 400, body: errorBody(COMMON_PASSWORD, { field: "password" }) });
    expect(
      (await rest("POST", "/api/mentors/register", { body: mentorApplication({ password: "short", confirmpassword: "short" }) })).body
        .message,
    ).toBe(PASSWORD_TOO_SHORT);
    expect((await rest("POST", "/api/mentors/register", { body: mentorApplication() })).status).toBe(201);
  });

  it("a reset with the right code but a common password is refused and leaves the code usable", async () => {
    const owner = await createMentee();
    await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email } });
    const otp = await latestResetCode(owner.email);
    const verify = (password: string) =>
      rest("POST", "/api/mentees/verify-otp", { body: { email: owner.email, otp, password, confirmPassword: password } });
    expect(await verify("qwerty123")).toEqual({ status: 400, body: errorBody(COMMON_PASSWORD, { field: "password" }) });
    expect(await verify("1234567")).toEqual({ status: 400, body: errorBody(PASSWORD_TOO_SHORT) });
    expect((await verify("N3w-password!")).status).toBe(200);
  });

  it("a password change to a common password is refused before the current password is tried", async () => {
    const owner = await createMentee();
    const { accessToken } = await signIn("mentee", owner.email);
    const change = (password: string) =>
      trpcOutcome(trpc(accessToken).password.change.mutate({ currentPassword: DEMO_PASSWORD, password, confirmPassword: password }));
    expect(await change("iloveyou")).toMatchObject({ status: 400, message: COMMON_PASSWORD, details: { field: "password" } });
    expect(await change("abc")).toMatchObject({ status: 400, message: PASSWORD_TOO_SHORT });
    expect((await change("N3w-password!")).status).toBe(200);
  });

  it("sign-in keeps accepting an existing password that the policy would now refuse", async () => {
    const owner = await createMentee({ passwordHash: await hashPassword("abc") });
    expect((await rest("POST", "/api/mentees/login", { body: { email: owner.email, password: "abc" } })).status).toBe(200);
  });
});
