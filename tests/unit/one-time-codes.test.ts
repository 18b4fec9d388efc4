import { describe, expect, it } from "vitest";
import { CODE_TTL_MS, codeState, generateCode, hashCode, MAX_CODE_ATTEMPTS } from "../../worker/accounts/one-time-codes";
import { pkceChallenge } from "../../worker/dev/local-google-provider";
import { mailBackoffMs } from "../../worker/mail/mail";

describe("one-time codes", () => {
  it("are 6 digits, keep leading zeros, and vary", () => {
    const codes = new Set(Array.from({ length: 200 }, () => generateCode()));
    for (const code of codes) expect(code).toMatch(/^\d{6}$/);
    expect(codes.size).toBeGreaterThan(190);
    expect(generateCode((b) => b.fill(7))).toBe("000007");
  });

  it("reject the top of the 32-bit range instead of biasing the result", () => {
    const values = [0xffff_ffff, 4_294_000_000, 123_456]; // 4_294_000_000 is the first value that would bias
    expect(generateCode((b) => b.fill(values.shift()!))).toBe("123456");
    expect(values).toHaveLength(0);
  });

  it("are stored as a keyed hash that differs per row and per secret and does not contain the code", async () => {
    const a = await hashCode("secret-1", "row-1", "123456");
    expect(a).not.toContain("123456");
    expect(await hashCode("secret-1", "row-1", "123456")).toBe(a);
    expect(await hashCode("secret-1", "row-2", "123456")).not.toBe(a);
    expect(await hashCode("secret-2", "row-1", "123456")).not.toBe(a);
    expect(await hashCode("secret-1", "row-1", "123457")).not.toBe(a);
  });

  it("expire at exactly 10 minutes and die after the fifth wrong try", () => {
    const created = 1_000_000;
    const row = { attempts: 0, expiresAt: new Date(created + CODE_TTL_MS), consumedAt: null };
    expect(codeState(row, created + CODE_TTL_MS - 1)).toBe("live");
    expect(codeState(row, created + CODE_TTL_MS)).toBe("expired");
    expect(codeState({ ...row, attempts: MAX_CODE_ATTEMPTS - 1 }, created)).toBe("live");
    expect(codeState({ ...row, attempts: MAX_CODE_ATTEMPTS }, created)).toBe("exhausted");
    expect(codeState({ ...row, consumedAt: new Date(created) }, created + CODE_TTL_MS + 1)).toBe("used");
  });
});

describe("mail backoff", () => {
  it("grows fourfold from 2 s and stops growing at 6 hours", () => {
    expect([1, 2, 3, 4].map(mailBackoffMs)).toEqual([2_000, 8_000, 32_000, 128_000]);
    expect(mailBackoffMs(30)).toBe(6 * 60 * 60 * 1000);
  });
});

describe("PKCE", () => {
  it("S256 matches RFC 7636's example", () => {
    expect(pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
});
