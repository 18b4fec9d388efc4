import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, mentees, mentors } from "../../db/schema";
import { createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";

describe("mentee profile", () => {
  it("reads and edits the signed-in mentee's own profile through the legacy paths", async () => {
    const mentee = await createMentee({ firstName: "Old" });
    const { accessToken } = await signIn("mentee", mentee.email);
    const read = await rest("GET", `/api/mentees/edit-profile/${mentee.id}`, { token: accessToken });
    expect(read).toMatchObject({
      status: 200,
      body: { menteeProfileDetails: { _id: mentee.id, firstName: "Old", email: mentee.email, profileImageUrl: "" } },
    });
    const edited = await rest("PATCH", `/api/mentees/edit-profile/${mentee.id}`, {
      token: accessToken,
      body: { firstName: " New ", phone: "+918888888888", bio: "Learning Go." },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: { message: "Updation success", menteeProfileDetails: { firstName: "New", phone: "+918888888888", bio: "Learning Go." } },
    });
    const row = await testDb().query.mentees.findFirst({ where: eq(mentees.id, mentee.id) });
    expect(row).toMatchObject({ firstName: "New", lastName: mentee.lastName, email: mentee.email });
  });

  it("refuses another mentee's id in the path, whatever the token, and changes nothing", async () => {
    const me = await createMentee();
    const other = await createMentee({ firstName: "Untouched" });
    const { accessToken } = await signIn("mentee", me.email);
    const attempt = await rest("PATCH", `/api/mentees/edit-profile/${other.id}`, { token: accessToken, body: { firstName: "Hacked" } });
    expect(attempt).toEqual({ status: 403, body: errorBody("You can only change your own profile.") });
    expect((await testDb().query.mentees.findFirst({ where: eq(mentees.id, other.id) }))?.firstName).toBe("Untouched");
    expect((await rest("GET", `/api/mentees/edit-profile/${other.id}`, { token: accessToken })).status).toBe(403);
  });

  it("validates edits with the sign-up rules, and needs a mentee token", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    expect(await rest("PATCH", `/api/mentees/edit-profile/${mentee.id}`, { token: accessToken, body: { phone: "12345" } })).toEqual({
      status: 400,
      body: errorBody("Please enter a valid 10-digit mobile number"),
    });
    expect(
      (await rest("PATCH", `/api/mentees/edit-profile/${mentee.id}`, { token: accessToken, body: { firstName: "" } })).body.message,
    ).toBe("First Name is required");
    expect((await rest("PATCH", `/api/mentees/edit-profile/${mentee.id}`, { body: { firstName: "X" } })).status).toBe(401);
    const mentor = await createMentor();
    const mentorToken = (await signIn("mentor", mentor.email)).accessToken;
    expect((await rest("PATCH", `/api/mentees/edit-profile/${mentee.id}`, { token: mentorToken, body: { firstName: "X" } })).status).toBe(
      403,
    );
  });
});

describe("mentor profile and skills", () => {
  it("edits the mentor's own profile, keeping the rate in rupees over REST and paise in the database", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const edited = await rest("PATCH", `/api/mentors/edit-profile/${mentor.id}`, {
      token: accessToken,
      body: { jobTitle: "Principal Engineer", hourlyRate: 3250.5, shortBio: "Short.", website: "", location: "Kochi" },
    });
    expect(edited).toMatchObject({
      status: 200,
      body: {
        message: "Profile Updated successfully",
        profileData: { jobTitle: "Principal Engineer", hourlyRate: 3250.5, shortBio: "Short.", website: null, location: "Kochi" },
      },
    });
    expect((await testDb().query.mentors.findFirst({ where: eq(mentors.id, mentor.id) }))?.hourlyRatePaise).toBe(325_050);
    const read = await rest("GET", `/api/mentors/edit-profile/${mentor.id}`, { token: accessToken });
    expect(read.body.profileData).toMatchObject({ _id: mentor.id, email: mentor.email, hourlyRate: 3250.5 });
  });

  it("refuses another mentor's profile and bad values", async () => {
    const mentor = await createMentor();
    const other = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    expect((await rest("PATCH", `/api/mentors/edit-profile/${other.id}`, { token: accessToken, body: { jobTitle: "X" } })).status).toBe(
      403,
    );
    expect(await rest("PATCH", `/api/mentors/edit-profile/${mentor.id}`, { token: accessToken, body: { hourlyRate: -1 } })).toEqual({
      status: 400,
      body: errorBody("Hourly rate must be at least ₹1"),
    });
    expect(await rest("PATCH", `/api/mentors/edit-profile/${mentor.id}`, { token: accessToken, body: { website: "nope" } })).toEqual({
      status: 400,
      body: errorBody("Website must be a valid URL"),
    });
    expect(await rest("PATCH", `/api/mentors/edit-profile/${mentor.id}`, { token: accessToken, body: { bio: " " } })).toEqual({
      status: 400,
      body: errorBody("Bio is required"),
    });
  });

  it("adds comma-separated skills trimmed and de-duplicated case-insensitively, and removes one", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const added = await rest("PATCH", `/api/mentors/add-new-skill/${mentor.id}`, {
      token: accessToken,
      body: { newSkills: " React , react,Node.js,, GraphQL " },
    });
    expect(added).toEqual({ status: 200, body: { message: "Skill Added", expertise: ["React", "Node.js", "GraphQL"] } });
    const again = await rest("PATCH", `/api/mentors/add-new-skill/${mentor.id}`, {
      token: accessToken,
      body: { newSkills: "REACT, Rust" },
    });
    expect(again.body.expertise).toEqual(["React", "Node.js", "GraphQL", "Rust"]);
    expect(
      (await rest("PATCH", `/api/mentors/add-new-skill/${mentor.id}`, { token: accessToken, body: { newSkills: "rust" } })).status,
    ).toBe(409);
    expect(await rest("PATCH", `/api/mentors/add-new-skill/${mentor.id}`, { token: accessToken, body: { newSkills: " , " } })).toEqual({
      status: 400,
      body: errorBody("Enter at least one skill"),
    });
    const removed = await rest("POST", `/api/mentors/add-new-skill/${mentor.id}`, { token: accessToken, body: { skill: "node.js" } });
    expect(removed).toEqual({ status: 200, body: { message: "Skill Deleted successfully", expertise: ["React", "GraphQL", "Rust"] } });
    expect((await rest("POST", `/api/mentors/add-new-skill/${mentor.id}`, { token: accessToken, body: { skill: "Cobol" } })).status).toBe(
      404,
    );
  });

  it("caps a profile at 20 skills", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const many = Array.from({ length: 21 }, (_, i) => `Skill${i}`).join(",");
    expect((await trpcOutcome(trpc(accessToken).mentors.addSkills.mutate({ newSkills: many }))).status).toBe(400);
  });
});

describe("public mentor profile", () => {
  it("answers mentorData and isEnrollmentActive, true only for a mentee with a live subscription", async () => {
    const mentor = await createMentor({ firstName: "Public" });
    const anonymous = await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`);
    expect(anonymous).toMatchObject({
      status: 200,
      body: { isEnrollmentActive: false, mentorData: { _id: mentor.id, firstName: "Public", hourlyRate: 1500 } },
    });
    expect(anonymous.body.mentorData).not.toHaveProperty("email");
    const mentee = await createMentee();
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: mentee.id,
        mentorId: mentor.id,
        status: "active",
        amountPaise: 150_000,
        currentPeriodEnd: new Date(Date.now() + 86_400_000),
      });
    const { accessToken } = await signIn("mentee", mentee.email);
    expect((await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`, { token: accessToken })).body.isEnrollmentActive).toBe(true);
    const lapsed = await createMentee();
    // Lapsed beyond the renewal grace day (a renewing subscription keeps access one day past its period end while Stripe collects).
    await testDb()
      .insert(enrollments)
      .values({
        menteeId: lapsed.id,
        mentorId: mentor.id,
        status: "active",
        amountPaise: 150_000,
        currentPeriodEnd: new Date(Date.now() - 2 * 86_400_000),
      });
    expect(
      (await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`, { token: (await signIn("mentee", lapsed.email)).accessToken })).body
        .isEnrollmentActive,
    ).toBe(false);
  });

  it("is not found for unknown, pending and blocked mentors", async () => {
    const pending = await createMentor({ status: "pending" });
    const blocked = await createMentor({ isBlocked: true });
    for (const id of ["no-such-mentor", pending.id, blocked.id]) {
      const { status, body } = await rest("GET", `/api/mentees/mentor/profile/${id}`);
      expect(status).toBe(404);
      expect(body.message).toMatch(/not available/);
    }
  });

  it("answers 401 to a stale token so the client refreshes rather than showing Subscribe to a subscriber", async () => {
    const mentor = await createMentor();
    expect((await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`, { token: "stale.token.value" })).status).toBe(401);
  });
});
