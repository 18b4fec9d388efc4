import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { emailOutbox } from "../../db/schema";
import { startStack, type Stack } from "../../scripts/built-stack";
import { MAX_MAIL_ATTEMPTS, REDACTED_TEXT, REDACTED_UNDELIVERED_TEXT } from "../../worker/services/mail";
import { createMentee, testDb } from "../support/accounts";
import { baseUrl } from "../support/api";
import { FakeMailApi } from "../support/fake-mail";
import { deliveredMail, latestResetCode } from "../support/mail";

/**
 * Issue 12 §1: the outbox. A second Worker on the shared database sends mail through a fake e-mail
 * API; the provider fails, then recovers, and every message is sent exactly once. Issue 20: a
 * message that carries a secret keeps it only until it is delivered or given up.
 */
let stack: Stack;
const mailApi = new FakeMailApi();
const API_KEY = "re_test_fake_key_123";

beforeAll(async () => {
  await mailApi.start();
  stack = await startStack({
    dbUrl: inject("dbUrl"),
    vars: { JWT_SECRET: inject("jwtSecret"), MAIL_API_KEY: API_KEY, MAIL_API_URL: mailApi.url, MAIL_FROM: "MentorLink <no-reply@mentorlink.test>" },
  });
});
afterAll(async () => {
  await stack?.stop();
  await mailApi.stop();
});

const runCron = async (now?: number) => {
  const response = await fetch(`${stack.baseUrl}/dev/cron${now ? `?now=${now}` : ""}`, { method: "POST" });
  expect(response.status).toBe(200);
  return response.json();
};
const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  for (let i = 0; i < 100; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const rowsTo = (to: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("mail outbox", () => {
  it("a provider outage loses nothing, and the retry sends the message exactly once", async () => {
    const mentee = await createMentee();
    mailApi.down = true;
    const answer = await fetch(`${stack.baseUrl}/api/mentees/sent-otp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: mentee.email }) });
    expect(answer.status).toBe(200);
    // The delivery right after the commit was tried and failed; the message waits with its error.
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the first attempt");
    const [failed] = await rowsTo(mentee.email);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringMatching(/503/) });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    expect(mailApi.to(mentee.email)).toHaveLength(1);

    // Before its backoff has passed, the cron leaves it alone.
    await runCron();
    expect(mailApi.to(mentee.email)).toHaveLength(1);

    // The provider recovers; two cron runs at once after the backoff send it once.
    mailApi.down = false;
    const later = failed.nextAttemptAt.getTime() + 1000;
    await Promise.all([runCron(later), runCron(later)]);
    const accepted = mailApi.to(mentee.email).filter((r) => r.accepted);
    expect(accepted).toHaveLength(1);
    expect(accepted[0].idempotencyKey).toBe(`mentorlink-${failed.id}`);
    expect(accepted[0].authorization).toBe(`Bearer ${API_KEY}`);
    expect(accepted[0].body).toMatchObject({ from: "MentorLink <no-reply@mentorlink.test>", to: [mentee.email], subject: "Your MentorLink password reset code" });
    expect(accepted[0].body.text).toMatch(/Your code: \d{6}/);
    expect(accepted[0].body.text).toContain("MentorLink");
    expect(accepted[0].body.html).toContain("<h1");
    const [sent] = await rowsTo(mentee.email);
    expect(sent).toMatchObject({ attempts: 2, lastError: null, claimedUntil: null, sensitive: true, body: REDACTED_TEXT, html: null });
    expect(sent.sentAt).not.toBeNull();

    // Nothing is sent twice afterwards.
    await runCron(later + 60 * 60 * 1000);
    expect(mailApi.to(mentee.email).filter((r) => r.accepted)).toHaveLength(1);
  });

  it("with the provider up, the message goes out right after the commit", async () => {
    mailApi.down = false;
    const mentee = await createMentee();
    await fetch(`${stack.baseUrl}/api/mentees/sent-otp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: mentee.email }) });
    await until(() => mailApi.to(mentee.email).length === 1, "the delivery");
    await until(async () => (await rowsTo(mentee.email))[0]?.sentAt != null, "sent_at");
    expect(mailApi.to(mentee.email)[0].accepted).toBe(true);
  });
});

describe("outbox hygiene (issue 20)", () => {
  const sendOtp = (origin: string, email: string) =>
    fetch(`${origin}/api/mentees/sent-otp`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email }) });

  it("in development, a delivered reset code leaves the outbox while the development mailbox keeps its copy", async () => {
    const mentee = await createMentee();
    expect((await sendOtp(baseUrl(), mentee.email)).status).toBe(200);
    const code = await latestResetCode(mentee.email);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await rowsTo(mentee.email);
    expect(row).toMatchObject({ sensitive: true, subject: "Your MentorLink password reset code", body: REDACTED_TEXT, html: null });
    expect(row.sentAt).not.toBeNull();
    expect(JSON.stringify(row)).not.toContain(code);
    const copy = await deliveredMail(mentee.email, /password reset code/);
    expect(copy.text).toContain(`Your code: ${code}`);
    expect(copy.html).toContain(code);
  });

  it("a message that is not sensitive keeps its text", async () => {
    const mentee = await createMentee();
    await sendOtp(baseUrl(), mentee.email);
    const otp = await latestResetCode(mentee.email);
    const answer = await fetch(`${baseUrl()}/api/mentees/verify-otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: mentee.email, otp, password: "Fresh-Passw0rd!", confirmPassword: "Fresh-Passw0rd!" }),
    });
    expect(answer.status).toBe(200);
    await deliveredMail(mentee.email, /was changed/);
    const [notice] = (await rowsTo(mentee.email)).filter((m) => /was changed/.test(m.subject));
    expect(notice).toMatchObject({ sensitive: false, html: expect.stringContaining("<h1") });
    expect(notice.body).toContain("was just changed");
  });

  it("a sensitive message given up after its last attempt is redacted too", async () => {
    mailApi.down = true;
    const mentee = await createMentee();
    await sendOtp(stack.baseUrl, mentee.email);
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the first attempt");
    const [first] = await rowsTo(mentee.email);
    expect(first.body).toMatch(/Your code: \d{6}/); // still owed to its owner
    // Straight to the last attempt, due now.
    await testDb().update(emailOutbox).set({ attempts: MAX_MAIL_ATTEMPTS - 1, nextAttemptAt: new Date(0) }).where(eq(emailOutbox.id, first.id));
    const response = await fetch(`${stack.baseUrl}/dev/cron/deliverMail`, { method: "POST" });
    expect(await response.json()).toEqual({ deliverMail: expect.objectContaining({ failed: expect.any(Number) }) });
    const [given] = await rowsTo(mentee.email);
    expect(given).toMatchObject({ attempts: MAX_MAIL_ATTEMPTS, sentAt: null, body: REDACTED_UNDELIVERED_TEXT, html: null, lastError: expect.stringMatching(/503/) });
    mailApi.down = false;
  });
});
