import { inArray, like } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { loginAttempts, mentees } from "../../db/schema";
import { THROTTLE_LIMITS } from "../../worker/accounts/login-throttle";
import { createMentee, menteeSignup, mentorApplication, testDb, uniqueEmail } from "../support/accounts";
import { rest } from "../support/api";
import { latestResetCode } from "../support/mail";
import { call } from "../support/scheduling";

/** Throttling by (account, network) and by network, and an account-wide budget that never shuts the owner out (ADR 0005). */

let next = 1;
/** A fresh client address per use (documentation range 198.51.100.0/24 and 203.0.113.0/24). */
const address = () => `198.51.${100 + Math.floor(next / 250)}.${next++ % 250}`;
const login = (email: string, password: string, from?: string) => rest("POST", "/api/mentees/login", { body: { email, password }, from });
let nextNetwork = 1;
/** A fresh IPv6 /64 (documentation range 2001:db8::/32); `host(i)` is one of its addresses. */
const network = () => {
  const prefix = `2001:db8:${(nextNetwork++).toString(16)}:${Math.floor(Math.random() * 0xffff).toString(16)}`;
  return (i: number) => `${prefix}:${(i + 1).toString(16)}:${((i * 7919 + 3) & 0xffff).toString(16)}:0:1`;
};

describe("sign-in throttling", () => {
  it("the owner signs in with the right password from another address during an attack", async () => {
    const owner = await createMentee();
    const attacker = address();
    for (let i = 0; i < 5; i++) expect((await login(owner.email, `guess${i}`, attacker)).status).toBe(401);
    const blocked = await login(owner.email, DEMO_PASSWORD, attacker);
    expect(blocked).toMatchObject({
      status: 429,
      body: { message: THROTTLE_LIMITS.login.pair.message, error: THROTTLE_LIMITS.login.pair.message },
    });
    expect((await login(owner.email, DEMO_PASSWORD, address())).status).toBe(200);
    // The attacker's address is still refused for this account.
    expect((await login(owner.email, DEMO_PASSWORD, attacker)).status).toBe(429);
  });

  it("spraying one password over many accounts from one address ends in 429 for that address only", async () => {
    const sprayer = address();
    const { max } = THROTTLE_LIMITS.login.address;
    const targets = Array.from({ length: max }, () => uniqueEmail("sprayed"));
    for (let i = 0; i < max; i += 10) {
      const answers = await Promise.all(targets.slice(i, i + 10).map((email) => login(email, "Summer2026!", sprayer)));
      for (const a of answers) expect(a.status).toBe(401);
    }
    const victim = await createMentee();
    expect(await login(victim.email, "Summer2026!", sprayer)).toMatchObject({
      status: 429,
      body: { message: THROTTLE_LIMITS.login.address.message },
    });
    expect((await login(victim.email, DEMO_PASSWORD, address())).status).toBe(200);
  });
});

/** How many answers had each status, e.g. `{ 401: 5, 429: 25 }`. */
const tally = (answers: { status: number }[]) => {
  const counts: Record<number, number> = {};
  for (const a of answers) counts[a.status] = (counts[a.status] ?? 0) + 1;
  return counts;
};

describe("sign-in throttling under parallel guessing", () => {
  const { max } = THROTTLE_LIMITS.login.pair;

  it("of 30 wrong passwords sent at once, only the allowed number is evaluated; the rest get 429", async () => {
    const target = await createMentee();
    const attacker = address();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => login(target.email, `guess-${i}`, attacker)));
    expect(tally(answers)).toEqual({ 401: max, 429: 30 - max });
  });

  it("after a burst of 15 wrong guesses the right password from that address is refused; from another it signs in", async () => {
    const target = await createMentee();
    const attacker = address();
    const burst = await Promise.all(Array.from({ length: 15 }, (_, i) => login(target.email, `guess-${i}`, attacker)));
    expect(tally(burst)).toEqual({ 401: max, 429: 15 - max });
    expect(await login(target.email, DEMO_PASSWORD, attacker)).toMatchObject({
      status: 429,
      body: { message: THROTTLE_LIMITS.login.pair.message },
    });
    expect((await login(target.email, DEMO_PASSWORD, address())).status).toBe(200);
  });

  it("in one burst of 15 wrong guesses and the right password, at most the allowed number is evaluated before a success", async () => {
    const target = await createMentee();
    const attacker = address();
    const guesses = [...Array.from({ length: 15 }, (_, i) => `guess-${i}`), DEMO_PASSWORD];
    const answers = await Promise.all(guesses.map((password) => login(target.email, password, attacker)));
    // The right one signs in only if it happened to be among the first evaluated; otherwise it is refused like the rest.
    expect([200, 429]).toContain(answers[15].status);
    const wrongEvaluated = answers.slice(0, 15).filter((a) => a.status === 401).length;
    if (answers[15].status === 429) expect(wrongEvaluated).toBeLessThanOrEqual(max);
    // A success starts the pair afresh (the password is known by then): the guesses it overtook are the
    // at most max - 1 reserved before it, and at most max more after it.
    else expect(wrongEvaluated).toBeLessThanOrEqual(2 * max - 1);
  });

  it("many good sign-ins from one shared address never add up to its limit", async () => {
    const office = address();
    const people = await Promise.all(Array.from({ length: 10 }, () => createMentee()));
    const rounds = Math.ceil((THROTTLE_LIMITS.login.address.max + 10) / people.length);
    for (let round = 0; round < rounds; round++) {
      const answers = await Promise.all(people.map((p) => login(p.email, DEMO_PASSWORD, office)));
      expect(tally(answers)).toEqual({ 200: people.length });
    }
  });
});

describe("reset-code throttling under parallel requests", () => {
  it("of 30 code requests sent at once for one e-mail, only the allowed number is served", async () => {
    const owner = await createMentee();
    const from = address();
    const { max } = THROTTLE_LIMITS["otp-request"].pair;
    const answers = await Promise.all(
      Array.from({ length: 30 }, () => rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from })),
    );
    expect(tally(answers)).toEqual({ 200: max, 429: 30 - max });
  });

  it("of 30 codes sent at once for one e-mail, only the allowed number is checked; the right code then gets 429", async () => {
    const owner = await createMentee();
    await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email } });
    const code = await latestResetCode(owner.email);
    const attacker = address();
    const { max } = THROTTLE_LIMITS["otp-verify"].pair;
    const verify = (otp: string) =>
      rest("POST", "/api/mentees/verify-otp", {
        body: { email: owner.email, otp, password: "N3w-pass!", confirmPassword: "N3w-pass!" },
        from: attacker,
      });
    const wrong = Array.from({ length: 30 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, "0"));
    expect(tally(await Promise.all(wrong.map(verify)))).toEqual({ 400: max, 429: 30 - max });
    expect((await verify(code)).status).toBe(429);
  });
});

describe("reset-code throttling", () => {
  it("limits code requests per (e-mail, address), not for the owner elsewhere", async () => {
    const owner = await createMentee();
    const attacker = address();
    const { max } = THROTTLE_LIMITS["otp-request"].pair;
    for (let i = 0; i < max; i++)
      expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: attacker })).status).toBe(200);
    expect(await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: attacker })).toMatchObject({ status: 429 });
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: address() })).status).toBe(200);
  });

  it("limits wrong codes per (e-mail, address); the owner's right code from another address still works", async () => {
    const owner = await createMentee();
    await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email } });
    const code = await latestResetCode(owner.email);
    const attacker = address();
    const verify = (otp: string, from: string) =>
      rest("POST", "/api/mentees/verify-otp", {
        body: { email: owner.email, otp, password: "N3w-pass!", confirmPassword: "N3w-pass!" },
        from,
      });
    const { max } = THROTTLE_LIMITS["otp-verify"].pair;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < max; i++) expect((await verify(wrong, attacker)).status).toBe(400);
    expect((await verify(code, attacker)).status).toBe(429);
    // Five wrong tries killed that code itself; the owner asks for a new one from her own address.
    const home = address();
    expect((await verify(code, home)).status).toBe(400);
  });
});

describe("IPv6: one /64 is one network", () => {
  it("40 wrong passwords from 8 addresses of one /64: only the allowed number is evaluated, the right one from it is refused, from another network it signs in", async () => {
    const owner = await createMentee();
    const host = network();
    const { max } = THROTTLE_LIMITS.login.pair;
    const answers = [];
    for (let i = 0; i < 40; i++) answers.push(await login(owner.email, `guess-${i}`, host(i % 8)));
    expect(tally(answers)).toEqual({ 401: max, 429: 40 - max });
    expect(await login(owner.email, DEMO_PASSWORD, host(9))).toMatchObject({
      status: 429,
      body: { message: THROTTLE_LIMITS.login.pair.message },
    });
    expect((await login(owner.email, DEMO_PASSWORD, network()(0))).status).toBe(200);
  });

  it("reset-code requests from many addresses of one /64 share one counter", async () => {
    const owner = await createMentee();
    const host = network();
    const { max } = THROTTLE_LIMITS["otp-request"].pair;
    const answers = [];
    for (let i = 0; i < max + 3; i++)
      answers.push(await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: host(i) }));
    expect(tally(answers)).toEqual({ 200: max, 429: 3 });
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: network()(0) })).status).toBe(200);
  });
});

describe("sign-up throttling", () => {
  it("sign-ups from one /64 share one counter: past the limit a clear 429 and nothing written; another network still signs up", async () => {
    const host = network();
    const { max, message } = THROTTLE_LIMITS["sign-up"].address;
    const emails = Array.from({ length: max + 2 }, () => uniqueEmail());
    const answers = [];
    for (const [i, email] of emails.entries())
      answers.push(await rest("POST", "/api/mentees/register", { body: menteeSignup({ email }), from: host(i) }));
    expect(tally(answers)).toEqual({ 201: max, 429: 2 });
    expect(answers[max].body).toMatchObject({ message });
    const refused = emails.slice(max).map((e) => e.toLowerCase());
    expect(await testDb().select().from(mentees).where(inArray(mentees.email, refused))).toEqual([]);
    expect((await rest("POST", "/api/mentees/register", { body: menteeSignup(), from: network()(0) })).status).toBe(201);
  });

  it("one e-mail tried again and again from one network: refused after the limit; the mentor application counts the same way", async () => {
    const from = address();
    const { max } = THROTTLE_LIMITS["sign-up"].pair;
    const email = uniqueEmail();
    const answers = [];
    for (let i = 0; i < max + 1; i++)
      answers.push(await rest("POST", "/api/mentors/register", { body: mentorApplication({ email }), from }));
    expect(answers.at(-1)).toMatchObject({ status: 429, body: { message: THROTTLE_LIMITS["sign-up"].pair.message } });
  });
});

describe("guessing spread over many networks (the account-wide budget)", () => {
  const account = THROTTLE_LIMITS.login.account!;

  it("is refused once the account's budget is spent; the owner's known network still signs in, and a reset lets her in from a new one", async () => {
    const owner = await createMentee();
    const home = address();
    expect((await login(owner.email, DEMO_PASSWORD, home)).status).toBe(200);
    // One guess from each of many networks: none reaches its own limits.
    const attackers = Array.from({ length: account.max }, (_, i) => (i % 2 ? address() : network()(0)));
    for (let i = 0; i < attackers.length; i += 10) {
      const answers = await Promise.all(attackers.slice(i, i + 10).map((from, j) => login(owner.email, `guess-${i + j}`, from)));
      expect(tally(answers)).toEqual({ 401: answers.length });
    }
    expect(await login(owner.email, `guess-${account.max}`, address())).toMatchObject({ status: 429, body: { message: account.message } });
    expect(await login(owner.email, DEMO_PASSWORD, network()(0))).toMatchObject({ status: 429, body: { message: account.message } });
    // Her own network is not counted by the account-wide budget.
    expect((await login(owner.email, DEMO_PASSWORD, home)).status).toBe(200);
    expect((await login(owner.email, "a typo", home)).status).toBe(401);

    // From a new network she proves her mailbox with a reset code, and signs in there.
    const travelling = address();
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: travelling })).status).toBe(200);
    const otp = await latestResetCode(owner.email);
    const reset = await rest("POST", "/api/mentees/verify-otp", {
      body: { email: owner.email, otp, password: "N3w-pass!word", confirmPassword: "N3w-pass!word" },
      from: travelling,
    });
    expect(reset.status).toBe(200);
    expect((await login(owner.email, "N3w-pass!word", travelling)).status).toBe(200);
  });
});

describe("pruning the throttle (the cron)", () => {
  it("drops counters two hours past their window and networks not signed in from for 30 days; keeps the rest", async () => {
    const now = Date.now();
    const tag = crypto.randomUUID();
    const rows = {
      oldCounter: { key: `login:pair:mentee:${tag}@example.test:198.51.100.1`, windowStart: new Date(now - 3 * 60 * 60 * 1000) },
      liveCounter: { key: `login:account:mentee:${tag}@example.test`, windowStart: new Date(now - 30 * 60 * 1000) },
      recentNetwork: { key: `known:mentee:${tag}@example.test:198.51.100.2`, windowStart: new Date(now - 3 * 24 * 60 * 60 * 1000) },
      forgottenNetwork: { key: `known:mentee:${tag}@example.test:198.51.100.3`, windowStart: new Date(now - 31 * 24 * 60 * 60 * 1000) },
    };
    await testDb()
      .insert(loginAttempts)
      .values(Object.values(rows).map((r) => ({ ...r, failures: 1 })));
    expect((await call("POST", `/dev/cron/pruneThrottle?now=${now}`)).status).toBeLessThan(300);
    const left = (
      await testDb()
        .select({ key: loginAttempts.key })
        .from(loginAttempts)
        .where(like(loginAttempts.key, `%${tag}%`))
    ).map((r) => r.key);
    expect(left.sort()).toEqual([rows.liveCounter.key, rows.recentNetwork.key].sort());
  });
});
