import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { enrollments, mentors } from "../../db/schema";
import { BLOCKED_MESSAGE } from "../../worker/accounts/accounts";
import { accessTokenFor, createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { errorBody, rest } from "../support/api";
import { createModerator } from "../support/moderation";

/**
 * Answers the original client trips on, as it calls them (SPEC §7 REST), and the one
 * ownership rule of the adapter on the paths that carry a user id.
 */

const DAY = 24 * 60 * 60 * 1000;
const hoursAhead = (hours: number) => new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + hours * 3_600_000);

async function account(role: "mentee" | "mentor") {
  const row = role === "mentee" ? await createMentee() : await createMentor({ timeZone: "Asia/Kolkata" });
  return { id: row.id, email: row.email, token: await accessTokenFor(role, row.id) };
}

async function subscribe(menteeId: string, mentorId: string) {
  const now = Date.now();
  await testDb()
    .insert(enrollments)
    .values({
      menteeId,
      mentorId,
      status: "active",
      amountPaise: 600_000,
      currentPeriodStart: new Date(now - 5 * DAY),
      currentPeriodEnd: new Date(now + 25 * DAY),
      activatedAt: new Date(now - 5 * DAY),
    });
}

async function publishOne(token: string, start: Date): Promise<string> {
  const r = await rest("POST", "/api/mentors/available-timeslots", { token, body: { slotDetails: { start: start.toISOString() } } });
  expect(r.status).toBe(201);
  return (r.body.allTimeSlots as { _id: string }[])[0]._id;
}

describe("GET /api/mentees/timeslots/{menteeId} with the mentee's own id", () => {
  it("answers the slots of every mentor she subscribes to, with her bookings, soonest first", async () => {
    const me = await account("mentee");
    const [a, b, notMine] = [await account("mentor"), await account("mentor"), await account("mentor")];
    await subscribe(me.id, a.id);
    await subscribe(me.id, b.id);
    const aOpen = await publishOne(a.token, hoursAhead(50));
    const aBooked = await publishOne(a.token, hoursAhead(30));
    const bOpen = await publishOne(b.token, hoursAhead(40));
    await publishOne(notMine.token, hoursAhead(35));
    expect(
      (await rest("POST", "/api/mentees/timeslots/1", { token: me.token, body: { slotId: aBooked, values: { menteeId: me.id } } })).status,
    ).toBe(201);

    const answer = await rest("GET", `/api/mentees/timeslots/${me.id}`, { token: me.token });
    expect(answer.status).toBe(200);
    const slots = answer.body.timeSlots as { _id: string; state: string; mentorId: string }[];
    expect(slots.map((s) => s._id)).toEqual([aBooked, bOpen, aOpen]);
    expect(slots[0]).toMatchObject({ state: "booked" });

    // A mentor's id still answers that mentor's schedule.
    const ofA = await rest("GET", `/api/mentees/timeslots/${a.id}`, { token: me.token });
    expect((ofA.body.timeSlots as { _id: string }[]).map((s) => s._id)).toEqual([aOpen]);
    expect(ofA.body).toMatchObject({ isEnrollmentActive: true, mentor: { id: a.id } });
  });
});

describe("daily statistics as MongoDB group results", () => {
  const isGroupDay = (d: { _id: { year: number; month: number; day: number }; date: string; count: number }) =>
    d.date === `${d._id.year}-${String(d._id.month).padStart(2, "0")}-${String(d._id.day).padStart(2, "0")}` && Number.isInteger(d.count);

  it("dailyEnrollmentData, newMenteeDetail and enrollmentObject carry {_id: {year, month, day}, count} beside date", async () => {
    const moderator = await createModerator();
    const mentor = await account("mentor");
    const answers = [
      (await rest("GET", "/api/moderator/daily-enrollments", { token: moderator.token })).body.dailyEnrollmentData,
      (await rest("GET", "/api/moderator/daily-new-mentees", { token: moderator.token })).body.newMenteeDetail,
      (await rest("GET", `/api/mentors/daily-enrollment-object/${mentor.id}`, { token: mentor.token })).body.enrollmentObject,
    ] as Parameters<typeof isGroupDay>[0][][];
    for (const days of answers) {
      expect(days).toHaveLength(30);
      expect(days.every(isGroupDay)).toBe(true);
      expect(Object.keys(days[0])).toEqual(["_id", "date", "count"]);
    }
  });
});

describe("an approved mentor's stripePriceId", () => {
  it("is null until the mentor's Price exists, then the current Price id", async () => {
    const mentor = await createMentor();
    const path = `/api/mentees/mentor/profile/${mentor.id}`;
    expect((await rest("GET", path)).body.mentorData).toMatchObject({ stripePriceId: null });

    const buyer = await account("mentee");
    expect((await rest("POST", "/api/mentees/create-checkout", { token: buyer.token, body: { mentorId: mentor.id } })).status).toBe(201);
    const [row] = await testDb().select({ priceId: mentors.stripePriceId }).from(mentors).where(eq(mentors.id, mentor.id));
    expect(row.priceId).toMatch(/^price_/);
    expect((await rest("GET", path)).body.mentorData).toMatchObject({ stripePriceId: row.priceId });
    expect((await rest("GET", path, { token: buyer.token })).body.mentorData).toMatchObject({ stripePriceId: row.priceId });
  });
});

describe("the ownership rule: an id the caller names in a path or body must be their own", () => {
  it("refuses another user's id on every REST path of a mentee that carries one, with the path's own words", async () => {
    const me = await account("mentee");
    const other = await account("mentee");
    const refusals: [string, string, unknown, string][] = [
      ["GET", `/api/mentees/edit-profile/${other.id}`, undefined, "You can only change your own profile."],
      ["PATCH", `/api/mentees/edit-profile/${other.id}`, { bio: "x" }, "You can only change your own profile."],
      ["GET", `/api/mentees/subscribed-mentors/${other.id}`, undefined, "You can only see your own subscriptions."],
      ["GET", `/api/mentees/booked-slots/${other.id}`, undefined, "You can only use your own bookings."],
      ["POST", "/api/mentees/timeslots/1", { slotId: "x", values: { menteeId: other.id } }, "You can only use your own account."],
      ["GET", `/api/mentees/raise-ticket/${other.id}`, undefined, "You can only raise and see your own tickets."],
      [
        "POST",
        `/api/mentees/raise-ticket/${other.id}`,
        { complaint: { accusedId: "x" }, content: "Something happened here." },
        "You can only raise and see your own tickets.",
      ],
      ["GET", `/api/mentees/notifications/${other.id}`, undefined, "You can only use chat as yourself."],
      ["PATCH", `/api/mentees/notifications/${other.id}`, undefined, "You can only use chat as yourself."],
      ["GET", `/api/mentees/notifications?menteeId=${other.id}`, undefined, "You can only use chat as yourself."],
      ["POST", "/api/chats/mentee-messages", { menteeId: other.id }, "You can only use chat as yourself."],
      ["POST", "/api/chats/messages", { menteeId: other.id, mentorId: "x" }, "You can only use chat as yourself."],
    ];
    for (const [method, path, body, message] of refusals) {
      expect(await rest(method, path, { token: me.token, body }), `${method} ${path}`).toEqual({
        status: 403,
        body: { message, error: message },
      });
    }
  });

  it("answers a blocked account as blocked, not 'only your own', when it names another's id", async () => {
    const me = await account("mentee");
    const other = await account("mentee");
    await setBlocked("mentee", me.id, true);
    const answer = await rest("GET", `/api/mentees/booked-slots/${other.id}`, { token: me.token });
    expect(answer).toEqual({ status: 403, body: errorBody(BLOCKED_MESSAGE, { blocked: true }) });
  });

  it("answers a token of the wrong kind of account with the path's role refusal, not 'only your own'", async () => {
    const mentorAccount = await account("mentor");
    const other = await account("mentee");
    const answer = await rest("GET", `/api/mentees/booked-slots/${other.id}`, { token: mentorAccount.token });
    expect(answer).toEqual({ status: 403, body: errorBody("This is only available to mentees.") });
  });

  it("refuses another user's id on every REST path of a mentor that carries one", async () => {
    const me = await account("mentor");
    const other = await account("mentor");
    const refusals: [string, string, unknown, string][] = [
      ["GET", `/api/mentors/edit-profile/${other.id}`, undefined, "You can only change your own profile."],
      ["PATCH", `/api/mentors/add-new-skill/${other.id}`, { newSkills: "Go" }, "You can only change your own skills."],
      ["POST", `/api/mentors/add-new-skill/${other.id}`, { skill: "Go" }, "You can only change your own skills."],
      ["GET", `/api/mentors/subscribed-mentees/${other.id}`, undefined, "You can only see your own subscribers."],
      [
        "POST",
        "/api/mentors/available-timeslots",
        { slotDetails: { start: hoursAhead(30).toISOString() }, mentorId: other.id },
        "You can only use your own schedule.",
      ],
      ["GET", `/api/mentors/available-timeslots/${other.id}`, undefined, "You can only use your own schedule."],
      ["GET", `/api/mentors/todays-live-slots/${other.id}`, undefined, "You can only use your own sessions."],
      ["GET", `/api/mentors/daily-enrollment-object/${other.id}`, undefined, "You can only use your own enrollments."],
      ["GET", `/api/mentors/raise-ticket/${other.id}`, undefined, "You can only raise and see your own tickets."],
      ["GET", `/api/chats/mentor-messages?mentorId=${other.id}`, undefined, "You can only use chat as yourself."],
    ];
    for (const [method, path, body, message] of refusals) {
      expect(await rest(method, path, { token: me.token, body }), `${method} ${path}`).toEqual({
        status: 403,
        body: { message, error: message },
      });
    }
    // Nothing was written for the other mentor.
    expect((await rest("GET", `/api/mentors/available-timeslots/${other.id}`, { token: other.token })).body.allTimeSlots).toEqual([]);
  });
});
