import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { createMentee, createMentor, mentorApplication, uniqueEmail } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";

const WRONG = "Please verify the entered Email and Password";

describe("sign-in", () => {
  it("signs a mentee in with the legacy response fields", async () => {
    const mentee = await createMentee({ firstName: "Nila", lastName: "Das" });
    const { status, body } = await rest("POST", "/api/mentees/login", {
      body: { email: mentee.email.toUpperCase(), password: DEMO_PASSWORD },
    });
    expect(status).toBe(200);
    expect(body).toMatchObject({ menteeId: mentee.id, menteeName: "Nila Das", profileImageUrl: "", message: "Login successful" });
    expect(body.accessToken).toEqual(expect.stringMatching(/^ey[\w-]+\.[\w-]+\.[\w-]+$/));
    expect(body.refreshToken).toEqual(expect.stringMatching(/^[\w-]+\.[\w-]+$/));
  });

  it("signs a mentor and the moderator in with their prefixed fields", async () => {
    const mentor = await createMentor({ firstName: "Ravi", lastName: "K" });
    const m = await rest("POST", "/api/mentors/login", { body: { email: mentor.email, password: DEMO_PASSWORD } });
    expect(m.status).toBe(200);
    expect(m.body).toMatchObject({
      mentorId: mentor.id,
      mentorName: "Ravi K",
      mentorAccessToken: expect.any(String),
      mentorRefreshToken: expect.any(String),
    });
    const mod = await rest("POST", "/api/moderator/login", { body: { email: "moderator@example.com", password: DEMO_PASSWORD } });
    expect(mod.status).toBe(200);
    expect(mod.body).toMatchObject({
      moderatorId: expect.any(String),
      moderatorName: "Meera Iyer",
      moderatorAccessToken: expect.any(String),
      moderatorRefreshToken: expect.any(String),
    });
  });

  it("answers 401 for mentees and 409 for mentors and moderators, with one message whether or not the e-mail exists", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    const cases: [string, string, string, number][] = [
      ["/api/mentees/login", mentee.email, "wrong", 401],
      ["/api/mentees/login", uniqueEmail("nobody"), DEMO_PASSWORD, 401],
      ["/api/mentors/login", mentor.email, "wrong", 409],
      ["/api/mentors/login", mentee.email, DEMO_PASSWORD, 409],
      ["/api/moderator/login", "moderator@example.com", "wrong", 409],
    ];
    for (const [path, email, password, status] of cases) {
      expect(await rest("POST", path, { body: { email, password } })).toEqual({ status, body: errorBody(WRONG) });
    }
    const viaTrpc = await trpcOutcome(trpc().auth.login.mutate({ role: "mentor", email: mentor.email, password: "wrong" }));
    expect(viaTrpc).toMatchObject({ status: 409, message: WRONG });
  });

  it("validates the sign-in form's fields", async () => {
    expect(await rest("POST", "/api/mentees/login", { body: { email: "", password: "x" } })).toEqual({
      status: 400,
      body: errorBody("Email is required"),
    });
    expect(await rest("POST", "/api/mentees/login", { body: { email: "nope", password: "x" } })).toEqual({
      status: 400,
      body: errorBody("Invalid email"),
    });
    expect(await rest("POST", "/api/mentors/login", { body: { email: "a@b.co" } })).toEqual({
      status: 400,
      body: errorBody("Password is required"),
    });
    expect((await trpcOutcome(trpc().auth.login.mutate({ role: "admin" as never, email: "a@b.co", password: "x" }))).status).toBe(400);
  });

  it("refuses a pending mentor and a blocked account with a message that says why", async () => {
    const application = mentorApplication();
    await rest("POST", "/api/mentors/register", { body: application });
    const pending = await rest("POST", "/api/mentors/login", { body: { email: application.email, password: DEMO_PASSWORD } });
    expect(pending.status).toBe(403);
    expect(pending.body.message).toMatch(/under review/);
    const blockedMentee = await createMentee({ isBlocked: true });
    const blocked = await rest("POST", "/api/mentees/login", { body: { email: blockedMentee.email, password: DEMO_PASSWORD } });
    expect(blocked).toMatchObject({ status: 403, body: { blocked: true, message: expect.stringMatching(/blocked/) } });
  });

  it("limits repeated failures: the sixth attempt gets 429 even with the right password", async () => {
    const mentee = await createMentee();
    for (let i = 0; i < 5; i++) {
      expect((await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: `wrong${i}` } })).status).toBe(401);
    }
    const limited = await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: DEMO_PASSWORD } });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toMatch(/Too many failed sign-in attempts/);
    // The limit is per account type: the same address as a mentor is unaffected.
    expect((await rest("POST", "/api/mentors/login", { body: { email: mentee.email, password: "x" } })).status).toBe(409);
  });

  it("a successful sign-in clears earlier failures", async () => {
    const mentee = await createMentee();
    for (let i = 0; i < 4; i++) await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: "wrong" } });
    expect((await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: DEMO_PASSWORD } })).status).toBe(200);
    for (let i = 0; i < 4; i++) await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: "wrong" } });
    expect((await rest("POST", "/api/mentees/login", { body: { email: mentee.email, password: DEMO_PASSWORD } })).status).toBe(200);
  });
});
