import { encodeJWT } from "@oslojs/jwt";
import { describe, expect, it } from "vitest";
import {
  ACCESS_TOKEN_TTL_SECONDS,
  signAccessToken,
  signPageToken,
  signPurposeToken,
  verifyAccessToken,
  verifyPageToken,
  verifyPurposeToken,
} from "../../worker/accounts/tokens";

const secret = "unit-test-secret-that-is-long-enough-000";
const claims = { sub: "user-1", role: "mentor" as const, sid: "session-1" };

describe("access tokens", () => {
  it("live about 15 minutes", () => {
    expect(ACCESS_TOKEN_TTL_SECONDS).toBe(900);
  });

  it("round-trip their claims", async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken(secret, token)).toEqual(claims);
  });

  it("are refused once expired", async () => {
    const issued = Date.now() - (ACCESS_TOKEN_TTL_SECONDS + 1) * 1000;
    expect(await verifyAccessToken(secret, await signAccessToken(secret, claims, issued))).toBeNull();
    const stillValid = Date.now() - (ACCESS_TOKEN_TTL_SECONDS - 30) * 1000;
    expect(await verifyAccessToken(secret, await signAccessToken(secret, claims, stillValid))).toEqual(claims);
  });

  it("are refused when signed with another secret or altered", async () => {
    const token = await signAccessToken(secret, claims);
    expect(await verifyAccessToken("another-secret-that-is-long-enough-0000", token)).toBeNull();
    const [header, , signature] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...claims, role: "moderator", exp: 9e9 })).toString("base64url");
    expect(await verifyAccessToken(secret, `${header}.${forged}.${signature}`)).toBeNull();
    expect(await verifyAccessToken(secret, "not.a.jwt")).toBeNull();
    expect(await verifyAccessToken(secret, "")).toBeNull();
  });

  it("refuse the 'none' algorithm and unknown roles", async () => {
    const exp = Math.floor(Date.now() / 1000) + 60;
    const none = encodeJWT(JSON.stringify({ alg: "none" }), JSON.stringify({ ...claims, exp }), new Uint8Array());
    expect(await verifyAccessToken(secret, none)).toBeNull();
    const admin = await signAccessToken(secret, { ...claims, role: "admin" as never });
    expect(await verifyAccessToken(secret, admin)).toBeNull();
  });
});

describe("purpose tokens (the blocked notice of a Google sign-in)", () => {
  it("name their account for their purpose only, never pass as an access token, and expire", async () => {
    const notice = await signPurposeToken(secret, "blocked-notice", "user-1", 600);
    expect(await verifyPurposeToken(secret, notice, "blocked-notice")).toBe("user-1");
    expect(await verifyPurposeToken(secret, notice, "something-else")).toBeNull();
    expect(await verifyPurposeToken("another-secret-another-secret-xx", notice, "blocked-notice")).toBeNull();
    expect(await verifyAccessToken(secret, notice)).toBeNull();

    const access = await signAccessToken(secret, { sub: "user-1", role: "mentee", sid: "s" });
    expect(await verifyPurposeToken(secret, access, "blocked-notice")).toBeNull();

    const old = await signPurposeToken(secret, "blocked-notice", "user-1", 600, Date.now() - 601_000);
    expect(await verifyPurposeToken(secret, old, "blocked-notice")).toBeNull();
  });
});

describe("page tokens (a signed-in page's cookie)", () => {
  it("carry an access token's claims for drawing pages only: never an access token, nor the other way round; they expire", async () => {
    const page = await signPageToken(secret, claims, 30 * 24 * 3600);
    expect(await verifyPageToken(secret, page)).toEqual(claims);
    expect(await verifyAccessToken(secret, page)).toBeNull();
    expect(await verifyPurposeToken(secret, page, "blocked-notice")).toBeNull();
    expect(await verifyPageToken("another-secret-another-secret-xx", page)).toBeNull();

    expect(await verifyPageToken(secret, await signAccessToken(secret, claims))).toBeNull();
    expect(await verifyPageToken(secret, await signPurposeToken(secret, "page", "user-1", 600))).toBeNull();
    expect(await verifyPageToken(secret, await signPageToken(secret, claims, 60, Date.now() - 61_000))).toBeNull();
  });
});
