import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments } from "../../db/schema";
import { monthlyPricePaise } from "../../shared/plan";
import { accessTokenFor, createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { rest } from "../support/api";
import { createEnrollment, createModerator } from "../support/moderation";

/**
 * The original web client's subscription, profile, ticket, bell and moderator screens against our REST API
 * (ADR 0036): requests as its src/api/*Services.js and src/slices/** send them, expectations named after the keys
 * its components read.
 */

const DAY = 86_400_000;

async function people() {
  const [mentee, mentor] = await Promise.all([
    createMentee({ firstName: "Priya", lastName: "Sharma" }),
    createMentor({ firstName: "Asha", lastName: "Rao" }),
  ]);
  return { mentee, mentor, menteeToken: await accessTokenFor("mentee", mentee.id), mentorToken: await accessTokenFor("mentor", mentor.id) };
}

/** A subscription that ended 60 days ago, then the current one: the mentee's history with the same mentor. */
async function pastThenCurrent(menteeId: string, mentorId: string) {
  await createEnrollment(menteeId, mentorId, {
    status: "expired",
    activatedAt: new Date(Date.now() - 120 * DAY),
    currentPeriodEnd: new Date(Date.now() - 90 * DAY),
    endedAt: new Date(Date.now() - 90 * DAY),
  });
  return createEnrollment(menteeId, mentorId);
}

describe("subscriptions (SubscibedMentorsList.jsx, RaiseANewTicketModal.jsx, Mentor/SubscribedMentees/MenteesListColumn.jsx)", () => {
  it("the mentee's list holds her current mentors once, populated; every subscription stays under allSubscriptions", async () => {
    const p = await people();
    const current = await pastThenCurrent(p.mentee.id, p.mentor.id);
    // slices/MenteeSlices/subscribedMentorsListSlice.js: GET /subscribed-mentors/{menteeId} reads data.allMentorsSubscribed;
    // SubscibedMentorsList.jsx reads mentorId.{_id, firstName, lastName, jobTitle, firmName, shortBio, profileImageUrl}, and the
    // ticket form (RaiseANewTicketModal.jsx) offers mentorId._id with the name.
    const list = await rest("GET", `/api/mentees/subscribed-mentors/${p.mentee.id}`, { token: p.menteeToken });
    const mentors = list.body.allMentorsSubscribed as any[];
    expect(mentors).toHaveLength(1);
    expect(mentors[0]).toMatchObject({
      _id: current.id,
      isEnrollmentActive: true,
      mentorId: { _id: p.mentor.id, firstName: "Asha", lastName: "Rao" },
    });
    for (const key of ["jobTitle", "firmName", "shortBio", "profileImageUrl"]) expect(mentors[0].mentorId).toHaveProperty(key);
    expect((list.body.allSubscriptions as any[]).map((s) => s.isEnrollmentActive)).toEqual([true, false]);
  });

  it("the mentor's table reads menteeId.{firstName, lastName}, isEnrollmentActive (Active / Expired) and expiresOn (a date)", async () => {
    const p = await people();
    const current = await pastThenCurrent(p.mentee.id, p.mentor.id);
    // slices/MentorSlices/subscibedMentees.js: GET /subscribed-mentees/{mentorId} reads data.enrolledMentees.
    const list = await rest("GET", `/api/mentors/subscribed-mentees/${p.mentor.id}`, { token: p.mentorToken });
    const rows = list.body.enrolledMentees as any[];
    expect(rows.map((r) => [r.menteeId.firstName, r.menteeId.lastName, r.isEnrollmentActive])).toEqual([
      ["Priya", "Sharma", true],
      ["Priya", "Sharma", false],
    ]);
    expect(rows[0].expiresOn).toBe(current.currentPeriodEnd!.toISOString());
    expect(Date.parse(rows[1].expiresOn)).toBeLessThan(Date.now());
  });
});

describe("a mentor's profile and Subscribe (MentorProfileIntro.jsx, MentorPricingCard.jsx)", () => {
  it("a signed-in mentee reads the mentor's real price id, and checkout with it reaches Stripe for that mentor at his rate", async () => {
    const mentor = await createMentor({ hourlyRatePaise: 150_000 });
    const other = await createMentor({ hourlyRatePaise: 90_000 });
    const me = await createMentee();
    const token = await accessTokenFor("mentee", me.id);
    // slices/MenteeSlices/mentorProfile.js: GET /mentor/profile/{id}; MentorProfilePage.jsx reads data.mentorData and
    // data.isEnrollmentActive; MentorProfileIntro.jsx hands mentorData.{_id, hourlyRate, stripePriceId} to MentorPricingCard.jsx.
    const profile = await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`, { token });
    expect(profile.status).toBe(200);
    const data = profile.body.mentorData as Record<string, unknown>;
    expect(data).toMatchObject({ _id: mentor.id, hourlyRate: 1500, stripePriceId: expect.stringMatching(/^price_/) });
    expect(profile.body.isEnrollmentActive).toBe(false);
    for (const key of ["firstName", "lastName", "jobTitle", "firmName", "shortBio", "location", "expertise", "profileImageUrl"])
      expect(data).toHaveProperty(key);
    // The same id for the next reader: one Price per mentor.
    expect((await rest("GET", `/api/mentees/mentor/profile/${mentor.id}`, { token })).body.mentorData).toMatchObject({
      stripePriceId: data.stripePriceId,
    });
    const otherPrice = ((await rest("GET", `/api/mentees/mentor/profile/${other.id}`, { token })).body.mentorData as any).stripePriceId;

    // menteeServices.js stripeCheckOut: POST /create-checkout {mentorPriceId, menteeId, mentorId}; 201 and data.url.
    const checkout = await rest("POST", "/api/mentees/create-checkout", {
      token,
      body: { mentorPriceId: data.stripePriceId, menteeId: me.id, mentorId: mentor.id },
    });
    expect(checkout.status, JSON.stringify(checkout.body)).toBe(201);
    expect(checkout.body.url).toEqual(expect.any(String));
    const [row] = await testDb()
      .select()
      .from(enrollments)
      .where(and(eq(enrollments.menteeId, me.id), eq(enrollments.mentorId, mentor.id)));
    expect(row).toMatchObject({ status: "pending", stripePriceId: data.stripePriceId, amountPaise: monthlyPricePaise(150_000) });

    // A price id of another mentor decides neither the mentor nor the amount.
    const me2 = await createMentee();
    const token2 = await accessTokenFor("mentee", me2.id);
    expect(
      (
        await rest("POST", "/api/mentees/create-checkout", {
          token: token2,
          body: { mentorPriceId: otherPrice, menteeId: me2.id, mentorId: mentor.id },
        })
      ).status,
    ).toBe(201);
    const [row2] = await testDb().select().from(enrollments).where(eq(enrollments.menteeId, me2.id));
    expect(row2).toMatchObject({ mentorId: mentor.id, amountPaise: monthlyPricePaise(150_000), stripePriceId: data.stripePriceId });
  });
});

describe("tickets (Mentee/Tickets/TicketsListMenteeSide.jsx, Mentor/Tickets/Tickets.jsx, Moderator/Tables/TickersComponent.jsx)", () => {
  it("lists name the people as the original server populated them", async () => {
    const p = await people();
    await createEnrollment(p.mentee.id, p.mentor.id);
    const content = "The mentor missed two booked sessions in a row.";
    // menteeServices.js raiseANewTicketFromMenteeSide: POST /raise-ticket/{menteeId} {complaint: {accusedId}, content}.
    const raised = await rest("POST", `/api/mentees/raise-ticket/${p.mentee.id}`, {
      token: p.menteeToken,
      body: { complaint: { accusedId: p.mentor.id }, content },
    });
    expect(raised.status).toBe(201);
    // mentorServices.js raiseANewTicketFromMentorSide: POST /raise-ticket/{mentorId} {ticketObject: {complaint: {accusedId}, content}}.
    const back = await rest("POST", `/api/mentors/raise-ticket/${p.mentor.id}`, {
      token: p.mentorToken,
      body: { ticketObject: { complaint: { accusedId: p.mentee.id }, content: "The mentee was rude in our chat twice." } },
    });
    expect(back.status).toBe(201);

    // slices/MenteeSlices/TicketsList.js and MentorSlices/MentorTicketsSlice.js read data.listOfTickets; the rows read
    // accused.accusedId.{firstName, lastName}, status, content and createdAt.
    const menteeList = (await rest("GET", `/api/mentees/raise-ticket/${p.mentee.id}`, { token: p.menteeToken })).body
      .listOfTickets as any[];
    expect(menteeList[0]).toMatchObject({
      status: "open",
      content,
      accused: { accusedId: { _id: p.mentor.id, firstName: "Asha", lastName: "Rao" }, accusedType: "mentor" },
    });
    expect(Number.isNaN(Date.parse(menteeList[0].createdAt))).toBe(false);
    const mentorList = (await rest("GET", `/api/mentors/raise-ticket/${p.mentor.id}`, { token: p.mentorToken })).body
      .listOfTickets as any[];
    expect(mentorList[0].accused).toMatchObject({ accusedId: { firstName: "Priya", lastName: "Sharma" }, accusedType: "mentee" });

    // slices/ModeratorSlices/ticketsListSlice.js reads data.responseFromDb; TickersComponent.jsx reads _id,
    // complainant.{complainantId.{firstName, lastName}, complainantType}, accused.{accusedId.{_id, firstName, lastName}, accusedType}.
    const moderator = await createModerator();
    const listed: any[] = [];
    for (let page = 1; page < 50; page++) {
      const answer = await rest("GET", `/api/moderator/tickets?page=${page}`, { token: moderator.token });
      listed.push(...(answer.body.responseFromDb as any[]));
      if (listed.some((t) => t._id === raised.body.ticketId) || listed.length >= (answer.body.total as number)) break;
    }
    expect(listed.find((t) => t._id === raised.body.ticketId)).toMatchObject({
      status: "open",
      content,
      complainant: { complainantId: { _id: p.mentee.id, firstName: "Priya", lastName: "Sharma" }, complainantType: "mentee" },
      accused: { accusedId: { _id: p.mentor.id, firstName: "Asha", lastName: "Rao" }, accusedType: "mentor" },
    });
  });
});

describe("the moderator's tables (Moderator/Tables/*.jsx, Columns/*.js)", () => {
  it("mentees, mentors and applicants carry firstName, lastName, email and phone under the keys the tables read", async () => {
    const moderator = await createModerator();
    const mentor = await createMentor({ phone: "9876543210" });
    // menteesTableSlice.js → data.mentees; mentorsTableSlice.js → data.mentors; mentorApplicantsSlice.js → data.allMentorRequests.
    const mentees = await rest("GET", "/api/moderator/mentees", { token: moderator.token });
    const mentors = await rest("GET", "/api/moderator/mentors", { token: moderator.token });
    const applicants = await rest("GET", "/api/moderator/mentor_requests", { token: moderator.token });
    for (const rows of [mentees.body.mentees, mentors.body.mentors, applicants.body.allMentorRequests] as any[][]) {
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) for (const key of ["_id", "firstName", "lastName", "email", "phone"]) expect(row).toHaveProperty(key);
    }
    const found = await rest("GET", `/api/moderator/mentors?search=${encodeURIComponent(mentor.email)}`, { token: moderator.token });
    expect(found.body.mentors).toEqual([expect.objectContaining({ _id: mentor.id, phone: "9876543210" })]);
    // The moderator home's charts read data._id.day and count (DailyEnrollmentGraph.jsx, DailyNewMenteesRegistration.jsx).
    for (const [path, key] of [
      ["/api/moderator/daily-enrollments", "dailyEnrollmentData"],
      ["/api/moderator/daily-new-mentees", "newMenteeDetail"],
    ]) {
      const days = (await rest("GET", path, { token: moderator.token })).body[key] as any[];
      for (const d of days) expect(d).toMatchObject({ _id: { day: expect.any(Number) }, count: expect.any(Number) });
    }
  });
});

describe("the bell (MenteeNotificationDropdown.jsx)", () => {
  it("answers the latest notifications oldest first, so the client's reverse().slice(0, 5) shows the newest five", async () => {
    const me = await createMentee();
    for (let i = 0; i < 3; i++) await signIn("mentee", me.email);
    const token = await accessTokenFor("mentee", me.id);
    // slices/MenteeSlices/menteeNotificationSlice.js: GET /notifications/{menteeId} reads data.notifications.
    const bell = await rest("GET", `/api/mentees/notifications/${me.id}`, { token });
    const list = bell.body.notifications as { type: string; content: string; isRead: boolean; createdAt: string; id: string }[];
    expect(list).toHaveLength(3);
    const times = list.map((n) => Date.parse(n.createdAt));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(list[0]).toMatchObject({ type: "alert", isRead: false, id: expect.any(String) });
  });
});
