import * as v from "valibot";
import { describe, expect, it } from "vitest";
import { loginSchema, menteeSignupSchema, mentorApplicationSchema, PHONE_PATTERN, splitSkills } from "../../shared/validation/accounts";
import { askRescheduleSchema, slotWithReasonSchema } from "../../shared/validation/rescheduling";
import { bookSchema, slotDetailsSchema } from "../../shared/validation/scheduling";
import { mentorSearchSchema, PRICE_BUCKETS } from "../../shared/validation/search";
import { agendaEditSchema } from "../../shared/validation/session-notes";

const firstMessage = (schema: v.GenericSchema, input: unknown) => v.safeParse(schema, input).issues?.[0]?.message;

const signup = {
  firstName: " Asha ",
  lastName: "Rao",
  email: " Asha@Example.COM ",
  phone: "9876543210",
  password: "Passw0rd!",
  confirmpassword: "Passw0rd!",
};

describe("sign-up rules (SPEC §5)", () => {
  it("trims names and normalises the e-mail", () => {
    const result = v.parse(menteeSignupSchema, signup);
    expect(result).toMatchObject({ firstName: "Asha", email: "asha@example.com" });
  });

  it.each([
    [{ firstName: "" }, "First Name is required"],
    [{ lastName: undefined }, "Last Name is required"],
    [{ email: "" }, "Email is required"],
    [{ email: "asha@" }, "Invalid email"],
    [{ phone: "" }, "Mobile number is required"],
    [{ phone: "12345" }, "Please enter a valid 10-digit mobile number"],
    [{ password: "" }, "Password is required"],
    [{ confirmpassword: "" }, "Confirm Password is required"],
    [{ confirmpassword: "q" }, "Passwords must match"],
  ])("%o -> %s", (change, message) => {
    expect(firstMessage(menteeSignupSchema, { ...signup, ...change })).toBe(message);
  });

  it("reports every missing field of an empty form with its own message", () => {
    const messages = v.safeParse(menteeSignupSchema, {}).issues?.map((i) => i.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        "First Name is required",
        "Last Name is required",
        "Email is required",
        "Mobile number is required",
        "Password is required",
        "Confirm Password is required",
      ]),
    );
  });

  it("accepts the Indian prefixes and 6-9 leading digits only", () => {
    for (const ok of ["6000000000", "9999999999", "+916000000000", "00916000000000", "06000000000"])
      expect(PHONE_PATTERN.test(ok)).toBe(true);
    for (const bad of ["5999999999", "+91 9999999999", "999999999", "99999999999", "+9299999999", "abcdefghij"])
      expect(PHONE_PATTERN.test(bad)).toBe(false);
  });

  it("accepts a number typed with spaces, dashes or a +91 prefix, and keeps it as +91 and its 10 digits", () => {
    for (const typed of [
      "98765 43210",
      "98765-43210",
      "+91 98765 43210",
      "+91-98765-43210",
      "0091 98765 43210",
      "098765 43210",
      " (98765) 43210 ",
    ])
      expect(v.parse(menteeSignupSchema, { ...signup, phone: typed }).phone).toBe("+919876543210");
    for (const bad of ["58765 43210", "98765 4321", "+92 98765 43210", "98765 43210 1", "98765_43210"])
      expect(firstMessage(menteeSignupSchema, { ...signup, phone: bad })).toBe("Please enter a valid 10-digit mobile number");
    expect(
      v.parse(mentorApplicationSchema, {
        ...signup,
        jobTitle: "E",
        firmName: "A",
        bio: "B",
        educationalQualification: "C",
        hourlyRate: 1,
        expertise: ["Go"],
        phone: "98765 43210",
      }).phone,
    ).toBe("+919876543210");
  });
});

describe("mentor application rules", () => {
  const application = {
    ...signup,
    jobTitle: "Engineer",
    firmName: "Acme",
    bio: "Bio",
    educationalQualification: "B.Tech",
    hourlyRate: 2500,
    expertise: ["Go"],
  };

  it("splits the comma-separated skills input and de-duplicates case-insensitively", () => {
    expect(splitSkills(" React, node ,, React ,Go ")).toEqual(["React", "node", "React", "Go"]);
    expect(v.parse(mentorApplicationSchema, { ...application, expertise: ["React", " react", "Go"] }).expertise).toEqual(["React", "Go"]);
  });

  it("keeps optional links optional but checks them when given", () => {
    expect(v.parse(mentorApplicationSchema, application)).toMatchObject({ website: "", twitterUrl: "", location: "" });
    expect(firstMessage(mentorApplicationSchema, { ...application, linkedInUrl: "linkedin" })).toBe("LinkedIn URL must be a valid URL");
  });

  it.each([
    [{ hourlyRate: -5 }, "Hourly rate must be at least ₹1"],
    [{ hourlyRate: 100.001 }, "Hourly rate can have at most two decimals"],
    [{ hourlyRate: 1e9 }, "Hourly rate must be at most ₹1,00,000"],
    [{ expertise: [] }, "Skills are required"],
  ])("%o -> %s", (change, message) => {
    expect(firstMessage(mentorApplicationSchema, { ...application, ...change })).toBe(message);
  });
});

describe("sign-in and search inputs", () => {
  it("sign-in needs an e-mail and a password", () => {
    expect(firstMessage(loginSchema, { email: "", password: "x" })).toBe("Email is required");
    expect(firstMessage(loginSchema, { email: "a@b.co", password: "" })).toBe("Password is required");
  });

  it("search defaults to empty text, price a and rating 9, and rejects unknown codes", () => {
    expect(v.parse(mentorSearchSchema, {})).toEqual({ search: "", price: "a", rating: "9", limit: 24 });
    expect(firstMessage(mentorSearchSchema, { price: "z" })).toBe("price must be one of a, b, c, d, e");
    expect(firstMessage(mentorSearchSchema, { rating: "6" })).toBe("rating must be 1 to 5, or 9 for any rating");
  });

  it("price buckets are the SPEC's, in paise, overlapping where the SPEC overlaps", () => {
    expect(PRICE_BUCKETS.b).toMatchObject({ min: null, max: 99_999 });
    expect(PRICE_BUCKETS.c).toMatchObject({ min: 100_000, max: 250_000 });
    expect(PRICE_BUCKETS.d).toMatchObject({ min: 200_000, max: 500_000 });
    expect(PRICE_BUCKETS.e).toMatchObject({ min: 500_001, max: null });
  });
});

describe("text that reaches calendar files and the other party: no control characters (ADR 0013)", () => {
  const slot = { start: "2030-03-09T04:00:00Z" };
  const multiLine: [string, v.GenericSchema, (text: string) => unknown, string][] = [
    [
      "agenda",
      bookSchema,
      (agenda) => ({ slotId: "s1", agenda }),
      "An agenda cannot contain control characters such as a carriage return (line breaks are fine).",
    ],
    [
      "edited agenda",
      agendaEditSchema,
      (agenda) => ({ slotId: "s1", agenda }),
      "An agenda cannot contain control characters such as a carriage return (line breaks are fine).",
    ],
    [
      "description",
      slotDetailsSchema,
      (description) => ({ ...slot, description }),
      "A description cannot contain control characters such as a carriage return (line breaks are fine).",
    ],
    [
      "reason",
      slotWithReasonSchema,
      (reason) => ({ slotId: "s1", reason }),
      "A reason cannot contain control characters such as a carriage return (line breaks are fine).",
    ],
    [
      "message",
      askRescheduleSchema,
      (message) => ({ slotId: "s1", message }),
      "A message cannot contain control characters such as a carriage return (line breaks are fine).",
    ],
  ];

  it.each(multiLine)(
    "%s: keeps line breaks and tabs, a form's CRLF as LF, and refuses a bare CR or another control",
    (_, schema, input, message) => {
      expect(v.safeParse(schema, input("Topic one\n\tTopic two")).success).toBe(true);
      expect(JSON.stringify(v.parse(schema, input("Topic one\r\nTopic two")))).toContain("Topic one\\nTopic two");
      for (const bad of ["hello\rATTENDEE:mailto:attacker@evil.test\rURL:https://evil.test", "a\u0000b", "a\u001bb", "a\u0085b"])
        expect(firstMessage(schema, input(bad)), JSON.stringify(bad)).toBe(message);
    },
  );

  it("a slot title is one line: no line break or control character", () => {
    const message = "A title must be one line of plain text, without line breaks or control characters.";
    expect(v.parse(slotDetailsSchema, { ...slot, title: "Mock interview: system design, part 2" })).toMatchObject({
      title: "Mock interview: system design, part 2",
    });
    for (const bad of ["Intro\rDTSTART:20300101T000000Z", "Intro\nLOCATION:evil", "Intro\r\nLOCATION:evil", "a\tb"])
      expect(firstMessage(slotDetailsSchema, { ...slot, title: bad }), JSON.stringify(bad)).toBe(message);
  });
});
