import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { menteeSignupSchema } from "../../shared/validation/accounts";
import { personName, personNameCharsMessage } from "../../shared/validation/person-name";
import { menteeProfileUpdateSchema } from "../../shared/validation/profiles";

const first = personName("First Name");
const message = (value: unknown) => {
  const result = v.safeParse(first, value);
  return result.success ? null : result.issues[0].message;
};

describe("first and last names", () => {
  it.each(["Priya", "Anne-Marie", "O'Brien", "D’Souza", "J. R.", "Zoë", "José María", "प्रिया", "Nguyễn"])("accepts %s", (name) => {
    expect(message(name)).toBeNull();
  });

  it.each(["GraphQL, react, , Next.js", "Rhea2", "a/b", "<script>", "-Priya", "'Priya", "Priya!", "😀"])(
    "refuses %s and says what is allowed",
    (name) => {
      expect(message(name)).toBe(personNameCharsMessage("First Name"));
      expect(personNameCharsMessage("First Name")).toBe(
        "First Name may contain only letters, spaces, hyphens (-), apostrophes (') and dots",
      );
    },
  );

  it("keeps the SPEC §8 messages: required, and at most 50 characters", () => {
    expect(message("   ")).toBe("First Name is required");
    expect(message("a".repeat(51))).toBe("First Name must be at most 50 characters");
    expect(message("a".repeat(50))).toBeNull();
  });

  it("applies to sign-up and the profile editors", () => {
    const signup = v.safeParse(menteeSignupSchema, {
      firstName: "GraphQL, react",
      lastName: "Sharma",
      email: "a@example.com",
      phone: "9876543210",
      password: "Passw0rd!x",
      confirmpassword: "Passw0rd!x",
    });
    expect(signup.success).toBe(false);
    expect(signup.issues?.[0]?.message).toBe(personNameCharsMessage("First Name"));
    const missing = v.safeParse(menteeSignupSchema, {
      lastName: "Sharma",
      email: "a@example.com",
      phone: "9876543210",
      password: "Passw0rd!x",
      confirmpassword: "Passw0rd!x",
    });
    expect(missing.issues?.[0]?.message).toBe("First Name is required");
    const profile = v.safeParse(menteeProfileUpdateSchema, { lastName: "react, , Next.js" });
    expect(profile.issues?.[0]?.message).toBe(personNameCharsMessage("Last Name"));
    expect(v.parse(menteeProfileUpdateSchema, { firstName: " Priya " }).firstName).toBe("Priya");
  });
});
