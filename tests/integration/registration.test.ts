import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees, mentorSkills, mentors } from "../../db/schema";
import { createMentor, menteeSignup, mentorApplication, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";

describe("mentee sign-up", () => {
  it("creates the account with 201 and a message; the e-mail is stored lower-cased", async () => {
    const input = menteeSignup({ email: `Mixed.${crypto.randomUUID().slice(0, 6)}@Example.TEST` });
    const { status, body } = await rest("POST", "/api/mentees/register", { body: input });
    expect(status).toBe(201);
    expect(body.message).toMatch(/created/i);
    const row = await testDb().query.mentees.findFirst({ where: eq(mentees.email, input.email.toLowerCase()) });
    expect(row?.firstName).toBe("Asha");
    expect(row?.passwordHash).toMatch(/^scrypt\$N=16384,r=8,p=5\$/);
  });

  it("answers 409 when the e-mail exists, whatever its case, over REST and tRPC alike", async () => {
    const input = menteeSignup();
    expect((await rest("POST", "/api/mentees/register", { body: input })).status).toBe(201);
    const again = await rest("POST", "/api/mentees/register", { body: { ...input, email: input.email.toUpperCase() } });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already exists/);
    const viaTrpc = await trpcOutcome(trpc().auth.registerMentee.mutate(input));
    expect(viaTrpc).toMatchObject({ status: 409, message: again.body.message });
  });

  it("of two simultaneous sign-ups with one e-mail, exactly one succeeds", async () => {
    const input = menteeSignup();
    const results = await Promise.all([
      rest("POST", "/api/mentees/register", { body: input }),
      rest("POST", "/api/mentees/register", { body: input }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const rows = await testDb().select().from(mentees).where(eq(mentees.email, input.email));
    expect(rows).toHaveLength(1);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["missing first name", { firstName: undefined }, "First Name is required"],
    ["blank first name", { firstName: "   " }, "First Name is required"],
    ["missing last name", { lastName: "" }, "Last Name is required"],
    ["missing e-mail", { email: "" }, "Email is required"],
    ["malformed e-mail", { email: "not-an-email" }, "Invalid email"],
    ["missing phone", { phone: "" }, "Mobile number is required"],
    ["phone starting with 5", { phone: "5876543210" }, "Please enter a valid 10-digit mobile number"],
    ["phone with 9 digits", { phone: "987654321" }, "Please enter a valid 10-digit mobile number"],
    ["missing password", { password: "" }, "Password is required"],
    ["missing confirmation", { confirmpassword: "" }, "Confirm Password is required"],
    ["different confirmation", { confirmpassword: "Other1!" }, "Passwords must match"],
  ];
  it.each(invalid)("rejects %s with 400 and the SPEC message, on both transports", async (_case, change, message) => {
    const input = menteeSignup(change);
    const viaRest = await rest("POST", "/api/mentees/register", { body: input });
    expect(viaRest).toEqual({ status: 400, body: errorBody(message) });
    const viaTrpc = await trpcOutcome(trpc().auth.registerMentee.mutate(input as never));
    expect(viaTrpc).toMatchObject({ status: 400, message });
  });

  it("accepts each Indian prefix the SPEC allows", async () => {
    for (const phone of ["9876543210", "+919876543210", "00919876543210", "09876543210"]) {
      expect((await rest("POST", "/api/mentees/register", { body: menteeSignup({ phone }) })).status).toBe(201);
    }
  });

  it("accepts a number typed with spaces, dashes or +91, and stores it as +91 and its 10 digits, for mentees and mentors", async () => {
    for (const phone of ["98765 43210", "+91 98765-43210"]) {
      const input = menteeSignup({ phone });
      expect((await rest("POST", "/api/mentees/register", { body: input })).status).toBe(201);
      expect((await testDb().query.mentees.findFirst({ where: eq(mentees.email, input.email) }))?.phone).toBe("+919876543210");
    }
    const application = mentorApplication({ phone: "0 98765 43210" });
    expect((await rest("POST", "/api/mentors/register", { body: application })).status).toBe(201);
    expect((await testDb().query.mentors.findFirst({ where: eq(mentors.email, application.email as string) }))?.phone).toBe(
      "+919876543210",
    );
  });

  it("answers 400, not 500, to a body that is not JSON or not an object", async () => {
    expect(await rest("POST", "/api/mentees/register", { rawBody: "{not json" })).toEqual({
      status: 400,
      body: errorBody("The request body must be a JSON object."),
    });
    expect((await rest("POST", "/api/mentees/register", { rawBody: "[1,2]" })).status).toBe(400);
    expect((await rest("POST", "/api/mentees/register", { body: { firstName: 42 } })).status).toBe(400);
  });
});

describe("mentor application", () => {
  it("creates a pending mentor with de-duplicated skills and the rate in paise", async () => {
    const input = mentorApplication({ expertise: [" React ", "react", "Node", ""], hourlyRate: 1499.5 });
    const { status, body } = await rest("POST", "/api/mentors/register", { body: input });
    expect(status).toBe(201);
    expect(body.message).toMatch(/submitted/i);
    const row = await testDb().query.mentors.findFirst({ where: eq(mentors.email, input.email as string) });
    expect(row).toMatchObject({ status: "pending", hourlyRatePaise: 149_950, isBlocked: false, location: "Pune" });
    const skills = await testDb().select({ name: mentorSkills.name }).from(mentorSkills).where(eq(mentorSkills.mentorId, row!.id));
    expect(skills.map((s) => s.name).sort()).toEqual(["Node", "React"]);
  });

  it("answers 403 without `blocked` while an earlier application is under review", async () => {
    const input = mentorApplication();
    expect((await rest("POST", "/api/mentors/register", { body: input })).status).toBe(201);
    const again = await rest("POST", "/api/mentors/register", { body: input });
    expect(again.status).toBe(403);
    expect(again.body.blocked).toBeUndefined();
    expect(again.body.message).toMatch(/under review/);
  });

  it("answers 403 with blocked: true for a blocked mentor and 409 for an approved one", async () => {
    const blocked = await createMentor({ isBlocked: true });
    const refused = await rest("POST", "/api/mentors/register", { body: mentorApplication({ email: blocked.email }) });
    expect(refused).toMatchObject({ status: 403, body: { blocked: true } });
    const approved = await createMentor();
    const conflict = await rest("POST", "/api/mentors/register", { body: mentorApplication({ email: approved.email }) });
    expect(conflict.status).toBe(409);
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ["no job title", { jobTitle: "" }, "Job Title is required"],
    ["no firm", { firmName: " " }, "Firm Name is required"],
    ["no bio", { bio: "" }, "Bio is required"],
    ["no education", { educationalQualification: "" }, "Educational Qualification is required"],
    ["no hourly rate", { hourlyRate: undefined }, "Hourly rate is required"],
    ["a text hourly rate", { hourlyRate: "lots" }, "Hourly rate is required"],
    ["a zero hourly rate", { hourlyRate: 0 }, "Hourly rate must be at least ₹1"],
    ["no skills", { expertise: [] }, "Skills are required"],
    ["only blank skills", { expertise: [" ", ""] }, "Skills are required"],
    ["a bad website", { website: "not a url" }, "Website must be a valid URL"],
  ];
  it.each(invalid)("rejects %s with 400 and a clear message, storing nothing", async (_case, change, message) => {
    const input = mentorApplication(change);
    expect(await rest("POST", "/api/mentors/register", { body: input })).toEqual({ status: 400, body: errorBody(message) });
    expect(await testDb().query.mentors.findFirst({ where: eq(mentors.email, input.email as string) })).toBeUndefined();
  });
});
