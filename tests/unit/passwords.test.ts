import { scryptSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { hashPassword, parsePasswordHash, SCRYPT_PARAMS, verifyPassword } from "../../worker/accounts/passwords";

describe("password hashing", () => {
  it("uses scrypt parameters that meet OWASP's minimum (N=2^14, r=8, p=5) and stay under Workers' memory", () => {
    expect(SCRYPT_PARAMS).toMatchObject({ N: 16384, r: 8, p: 5 });
    // OWASP: N=2^14 needs p>=5 at r=8; memory per hash is 128 * N * r bytes.
    expect(128 * SCRYPT_PARAMS.N * SCRYPT_PARAMS.r).toBe(16 * 1024 * 1024);
    expect(SCRYPT_PARAMS.saltLength).toBeGreaterThanOrEqual(16);
  });

  it("encodes the parameters in the stored hash and verifies only the right password", async () => {
    const stored = await hashPassword("Passw0rd!");
    expect(stored).toMatch(/^scrypt\$N=16384,r=8,p=5\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(parsePasswordHash(stored)?.params).toEqual({ N: 16384, r: 8, p: 5 });
    expect(await verifyPassword("Passw0rd!", stored)).toBe(true);
    expect(await verifyPassword("passw0rd!", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same")).not.toBe(await hashPassword("same"));
  });

  it("verifies hashes made with other parameters, so they can be raised later", async () => {
    const salt = Buffer.from("0123456789abcdef");
    const key = scryptSync("older", salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$N=1024,r=8,p=1$${salt.toString("base64")}$${key.toString("base64")}`;
    expect(await verifyPassword("older", stored)).toBe(true);
    expect(await verifyPassword("newer", stored)).toBe(false);
  });

  it("treats a malformed stored hash as a failed verification, not an error", async () => {
    expect(await verifyPassword("x", "plain-text")).toBe(false);
    expect(parsePasswordHash("bcrypt$2b$10$abc")).toBeNull();
  });
});
