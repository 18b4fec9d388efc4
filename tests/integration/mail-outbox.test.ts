import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { deadLetters, emailOutbox } from "../../db/schema";
import { type Stack, startStack } from "../../scripts/built-stack";
import type { MailProviderControls } from "../../worker/dev/mailbox";
import { MAX_MAIL_ATTEMPTS, REDACTED_TEXT, REDACTED_UNDELIVERED_TEXT } from "../../worker/mail/mail";
import { createMentee, testDb } from "../support/accounts";
import { baseUrl } from "../support/api";
import { deliveredMail, latestResetCode } from "../support/mail";

/**
 * The outbox (ADR 0011, ADR 0031). A second Worker on the shared database sends mail to its own local
 * mail provider (worker/dev/mailbox.ts, ADR 0033), switched to fail, then recover; every message is
 * sent exactly once. A
 * message that carries a secret keeps it only until it is delivered or given up.
 */
let stack: Stack;
/** This stack's local mail provider: its switches (down, script, delayMs) and what it was sent. */
let provider: MailProviderControls;
const API_KEY = "re_test_fake_key_123";
const mailApi = {
  set down(down: boolean) {
    provider.down = down;
  },
  set delayMs(ms: number) {
    provider.delayMs = ms;
  },
  get script() {
    return provider.script;
  },
  get requests() {
    return provider.requests;
  },
  get sentKeys() {
    return provider.sentKeys;
  },
  to: (address: string) => provider.requests.filter((r) => r.body.to.includes(address)),
};

beforeAll(async () => {
  stack = await startStack({
    dbUrl: inject("dbUrl"),
    vars: { JWT_SECRET: inject("jwtSecret"), MAIL_API_KEY: API_KEY, MAIL_FROM: "MentorLink <no-reply@mentorlink.test>" },
  });
  provider = stack.doubles.mail;
});
afterAll(async () => {
  await stack?.stop();
});

const runCron = async (now?: number) => {
  const response = await fetch(`${stack.baseUrl}/dev/cron${now ? `?now=${now}` : ""}`, { method: "POST" });
  expect(response.status).toBe(200);
  return response.json();
};
// Returns as soon as the check holds; the bound is generous because other files run beside this one.
const until = async (check: () => boolean | Promise<boolean>, what: string) => {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
};
const rowsTo = (to: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.to, to));

describe("mail outbox, carried by the queues (ADR 0031)", () => {
  const sendOtp = (email: string) =>
    fetch(`${stack.baseUrl}/api/mentees/sent-otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });
  const sentTo = (email: string) => mailApi.to(email).filter((r) => r.accepted);

  it("a provider outage loses nothing: the queue's retry sends the message exactly once, with the row id as idempotency key", async () => {
    const mentee = await createMentee();
    mailApi.down = true;
    expect((await sendOtp(mentee.email)).status).toBe(200);
    // The first attempt failed; the message waits with its error for the queue's retry.
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the first attempt");
    const [failed] = await rowsTo(mentee.email);
    expect(failed).toMatchObject({ sentAt: null, attempts: 1, lastError: expect.stringMatching(/503/), lane: "urgent" });
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() - 1000);
    expect(failed.queuedAt).not.toBeNull();

    // The provider recovers; the retry (2 s later) sends it once.
    mailApi.down = false;
    await expect.poll(() => sentTo(mentee.email).length, { timeout: 15_000 }).toBe(1);
    const [accepted] = sentTo(mentee.email);
    expect(accepted.idempotencyKey).toBe(`mentorlink-${failed.id}`);
    expect(accepted.authorization).toBe(`Bearer ${API_KEY}`);
    expect(accepted.body).toMatchObject({
      from: "MentorLink <no-reply@mentorlink.test>",
      to: [mentee.email],
      subject: "Your MentorLink password reset code",
    });
    expect(accepted.body.text).toMatch(/Your code: \d{6}/);
    expect(accepted.body.html).toContain("<h1");
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.sentAt ?? null, { timeout: 5_000 }).not.toBeNull();
    const [sent] = await rowsTo(mentee.email);
    expect(sent).toMatchObject({ attempts: 2, lastError: null, claimedUntil: null, sensitive: true, body: REDACTED_TEXT, html: null });

    // A sweep afterwards, even an hour on, sends nothing more.
    await runCron(Date.now() + 60 * 60 * 1000);
    expect(sentTo(mentee.email)).toHaveLength(1);
  });

  it("a 429 with Retry-After is retried no sooner than the provider asked", async () => {
    const mentee = await createMentee();
    mailApi.script.push({ status: 429, retryAfter: 4 });
    const asked = Date.now();
    expect((await sendOtp(mentee.email)).status).toBe(200);
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the refused attempt");
    const [refused] = await rowsTo(mentee.email);
    expect(refused.lastError).toMatch(/429/);
    expect(refused.nextAttemptAt.getTime() - asked).toBeGreaterThanOrEqual(4000);
    await expect.poll(() => sentTo(mentee.email).length, { timeout: 15_000 }).toBe(1);
    const second = mailApi.to(mentee.email).filter((r) => r.accepted)[0];
    expect(second.idempotencyKey).toBe(`mentorlink-${refused.id}`);
  });

  it("an answer lost after the provider sent the message (500): the retry carries the same key, and the provider sends it once", async () => {
    const mentee = await createMentee();
    mailApi.script.push({ status: 500, acceptFirst: true });
    expect((await sendOtp(mentee.email)).status).toBe(200);
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.sentAt ?? null, { timeout: 15_000 }).not.toBeNull();
    const [row] = await rowsTo(mentee.email);
    expect(row.attempts).toBe(2);
    const calls = mailApi.to(mentee.email);
    expect(calls.map((r) => r.idempotencyKey)).toEqual([`mentorlink-${row.id}`, `mentorlink-${row.id}`]);
    expect(calls.filter((r) => r.accepted)).toHaveLength(1);
  });

  it("the same queue message delivered three times at once sends the mail once", async () => {
    const mentee = await createMentee();
    mailApi.down = true;
    expect((await sendOtp(mentee.email)).status).toBe(200);
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the first attempt");
    const [row] = await rowsTo(mentee.email);
    mailApi.down = false;
    const again = () =>
      fetch(`${stack.baseUrl}/dev/queues/MAIL_URGENT`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ kind: "mail", id: row.id }),
      });
    expect((await Promise.all([again(), again(), again()])).map((r) => r.status)).toEqual([200, 200, 200]);
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.sentAt ?? null, { timeout: 15_000 }).not.toBeNull();
    // The queue's own retry comes on top, and finds it sent.
    await new Promise((r) => setTimeout(r, 3000));
    expect(sentTo(mentee.email)).toHaveLength(1);
  });

  it("a delivery that died after the provider took the message and before it was recorded: swept up once its claim ran out, sent once", async () => {
    const mentee = await createMentee();
    const id = crypto.randomUUID();
    const twentyMinutesAgo = new Date(Date.now() - 20 * 60_000);
    // What the dead delivery left: the row claimed (the claim now over), one attempt, handed to a queue long ago; the provider has it.
    await testDb()
      .insert(emailOutbox)
      .values({
        id,
        to: mentee.email,
        subject: "Left by a crash",
        body: "hello",
        attempts: 1,
        claimedUntil: new Date(Date.now() - 1000),
        queuedAt: twentyMinutesAgo,
        createdAt: twentyMinutesAgo,
        lane: "urgent",
      });
    mailApi.sentKeys.add(`mentorlink-${id}`);
    expect(await runCron()).toMatchObject({ deliverMail: { handedOn: expect.any(Number) } });
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.sentAt ?? null, { timeout: 15_000 }).not.toBeNull();
    expect(mailApi.to(mentee.email).map((r) => [r.idempotencyKey, r.accepted])).toEqual([[`mentorlink-${id}`, false]]);
  });

  it("urgent mail does not wait behind bulk: a reset code asked for behind 400 bulk messages arrives first", async () => {
    const mentee = await createMentee();
    const bulkTo = `bulk-${crypto.randomUUID()}@example.com`;
    const now = Date.now();
    await testDb()
      .insert(emailOutbox)
      .values(
        Array.from({ length: 400 }, (_, i) => ({
          to: bulkTo,
          subject: `Digest ${i}`,
          body: "news",
          lane: "bulk" as const,
          createdAt: new Date(now - 1000 + i),
        })),
      );
    mailApi.delayMs = 100;
    try {
      expect((await sendOtp(mentee.email)).status).toBe(200);
      await expect.poll(() => sentTo(mentee.email).length, { timeout: 30_000 }).toBe(1);
      const codeAt = mailApi.requests.indexOf(sentTo(mentee.email)[0]);
      const bulkDone = mailApi.requests.filter((r) => r.body.to.includes(bulkTo));
      // When the code went out, most of the bulk was still waiting its turn.
      expect(bulkDone.filter((r) => mailApi.requests.indexOf(r) < codeAt).length).toBeLessThan(200);
      await expect.poll(() => mailApi.to(bulkTo).filter((r) => r.accepted).length, { timeout: 60_000 }).toBe(400);
    } finally {
      mailApi.delayMs = 0;
    }
  });
});

describe("outbox hygiene", () => {
  const sendOtp = (origin: string, email: string) =>
    fetch(`${origin}/api/mentees/sent-otp`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email }),
    });

  it("in development, a delivered reset code leaves the outbox while the development mailbox keeps its copy", async () => {
    const mentee = await createMentee();
    expect((await sendOtp(baseUrl(), mentee.email)).status).toBe(200);
    const code = await latestResetCode(mentee.email);
    expect(code).toMatch(/^\d{6}$/);
    // The development mailbox gets its copy first; the outbox records the delivery (and forgets the code) a moment after.
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.sentAt ?? null).not.toBeNull();
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

  it("a sensitive message given up after its last attempt is parked: redacted, and listed for an operator", async () => {
    mailApi.down = true;
    const mentee = await createMentee();
    await sendOtp(stack.baseUrl, mentee.email);
    await until(async () => (await rowsTo(mentee.email))[0]?.lastError != null, "the first attempt");
    const [first] = await rowsTo(mentee.email);
    expect(first.body).toMatch(/Your code: \d{6}/); // still owed to its owner
    // Straight to the last attempt: the queue's retry (2 s later) is it.
    await testDb()
      .update(emailOutbox)
      .set({ attempts: MAX_MAIL_ATTEMPTS - 1 })
      .where(eq(emailOutbox.id, first.id));
    await expect.poll(async () => (await rowsTo(mentee.email))[0]?.deadAt ?? null, { timeout: 15_000 }).not.toBeNull();
    const [given] = await rowsTo(mentee.email);
    expect(given).toMatchObject({
      attempts: MAX_MAIL_ATTEMPTS,
      sentAt: null,
      body: REDACTED_UNDELIVERED_TEXT,
      html: null,
      lastError: expect.stringMatching(/503/),
    });
    const parked = await testDb().select().from(deadLetters);
    expect(parked.filter((d) => (d.body as { id?: string }).id === first.id)).toMatchObject([
      { queue: "mail-urgent", attempts: MAX_MAIL_ATTEMPTS, replayedAt: null },
    ]);
    mailApi.down = false;
  });
});
