import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { DEMO_PASSWORD } from "../../db/factories";
import { loginSchema, menteeSignupSchema, PASSWORD_TOO_SHORT } from "../../shared/validation/accounts";
import { changePasswordSchema, resetPasswordRequestSchema } from "../../shared/validation/password-reset";
import { commonPasswords, isCommonPassword } from "../../worker/accounts/common-passwords";

/** The new-password policy of OWASP ASVS 5.0 V6.2. */

const signup = (password: string, confirmpassword = password) => ({
  firstName: "Asha",
  lastName: "Rao",
  email: "asha@example.com",
  phone: "9876543210",
  password,
  confirmpassword,
});
const firstIssue = (schema: v.GenericSchema, input: unknown) => {
  const issue = v.safeParse(schema, input).issues?.[0];
  return issue && { message: issue.message, field: v.getDotPath(issue) };
};

describe("new passwords: at least 8 characters, no composition rules", () => {
  it.each(["a", "1234567", "Aa1!Aa1"])("%j is too short, reported on the password field", (password) => {
    expect(firstIssue(menteeSignupSchema, signup(password))).toEqual({ message: PASSWORD_TOO_SHORT, field: "password" });
    expect(
      firstIssue(resetPasswordRequestSchema, { role: "mentee", email: "a@b.co", otp: "123456", password, confirmPassword: password })
        ?.message,
    ).toBe(PASSWORD_TOO_SHORT);
    expect(firstIssue(changePasswordSchema, { currentPassword: "old", password, confirmPassword: password })?.message).toBe(
      PASSWORD_TOO_SHORT,
    );
  });

  it("counts characters, not UTF-16 units: seven emoji are seven characters", () => {
    expect(firstIssue(menteeSignupSchema, signup("🔑".repeat(7)))?.message).toBe(PASSWORD_TOO_SHORT);
    expect(firstIssue(menteeSignupSchema, signup("🔑".repeat(8)))).toBeUndefined();
  });

  it("needs no digits, capitals or symbols", () => {
    expect(firstIssue(menteeSignupSchema, signup("plain lowercase words"))).toBeUndefined();
  });

  it("keeps the SPEC's messages first", () => {
    expect(firstIssue(menteeSignupSchema, signup(""))?.message).toBe("Password is required");
    expect(firstIssue(menteeSignupSchema, signup("a".repeat(129)))?.message).toBe("Password must be at most 128 characters");
    expect(firstIssue(menteeSignupSchema, signup("short", "other"))?.message).toBe("Passwords must match");
  });

  it("sign-in still accepts an existing short password", () => {
    expect(firstIssue(loginSchema, { email: "a@b.co", password: "x" })).toBeUndefined();
  });
});

describe("common breached passwords", () => {
  it("bundles at least the 10,000 most common, most common first", async () => {
    const list = [...(await commonPasswords())];
    expect(list.length).toBeGreaterThanOrEqual(10_000);
    expect(list.slice(0, 3)).toEqual(["123456", "password", "12345678"]);
  });

  it.each(["12345678", "password123", "PASSWORD123", "PassWord123", "iloveyou", "qwerty123"])(
    "refuses %j, whatever its case",
    async (password) => {
      expect(await isCommonPassword(password)).toBe(true);
    },
  );

  it.each([DEMO_PASSWORD, "correct horse battery staple", "N3w-password!", "tq8#Lm2@vX"])("accepts %j", async (password) => {
    expect(await isCommonPassword(password)).toBe(false);
  });
});
