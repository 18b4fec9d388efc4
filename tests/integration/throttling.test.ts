import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { THROTTLE_LIMITS } from "../../worker/services/login-throttle";
import { createMentee, uniqueEmail } from "../support/accounts";
import { rest } from "../support/api";
import { latestResetCode } from "../support/mail";

/** Issue 12 §4: throttling by (account, address) and by address, never by account alone. */

let next = 1;
/** A fresh client address per use (documentation range 198.51.100.0/24 and 203.0.113.0/24). */
const address = () => `198.51.${100 + Math.floor(next / 250)}.${next++ % 250}`;
const login = (email: string, password: string, from?: string) => rest("POST", "/api/mentees/login", { body: { email, password }, from });

describe("sign-in throttling", () => {
  it("the owner signs in with the right password from another address during an attack", async () => {
    const owner = await createMentee();
    const attacker = address();
    for (let i = 0; i < 5; i++) expect((await login(owner.email, `guess${i}`, attacker)).status).toBe(401);
    const blocked = await login(owner.email, DEMO_PASSWORD, attacker);
    expect(blocked).toMatchObject({ status: 429, body: { message: THROTTLE_LIMITS.login.pair.message, error: THROTTLE_LIMITS.login.pair.message } });
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
    expect(await login(victim.email, "Summer2026!", sprayer)).toMatchObject({ status: 429, body: { message: THROTTLE_LIMITS.login.address.message } });
    expect((await login(victim.email, DEMO_PASSWORD, address())).status).toBe(200);
  });
});

describe("reset-code throttling", () => {
  it("limits code requests per (e-mail, address), not for the owner elsewhere", async () => {
    const owner = await createMentee();
    const attacker = address();
    const { max } = THROTTLE_LIMITS["otp-request"].pair;
    for (let i = 0; i < max; i++) expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: attacker })).status).toBe(200);
    expect(await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: attacker })).toMatchObject({ status: 429 });
    expect((await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email }, from: address() })).status).toBe(200);
  });

  it("limits wrong codes per (e-mail, address); the owner's right code from another address still works", async () => {
    const owner = await createMentee();
    await rest("POST", "/api/mentees/sent-otp", { body: { email: owner.email } });
    const code = await latestResetCode(owner.email);
    const attacker = address();
    const verify = (otp: string, from: string) => rest("POST", "/api/mentees/verify-otp", { body: { email: owner.email, otp, password: "N3w-pass!", confirmPassword: "N3w-pass!" }, from });
    const { max } = THROTTLE_LIMITS["otp-verify"].pair;
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < max; i++) expect((await verify(wrong, attacker)).status).toBe(400);
    expect((await verify(code, attacker)).status).toBe(429);
    // Five wrong tries killed that code itself; the owner asks for a new one from her own address.
    const home = address();
    expect((await verify(code, home)).status).toBe(400);
  });
});
