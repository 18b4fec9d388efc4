import { describe, expect, it } from "vitest";
import { call, HOUR, hoursAhead, mentee, mentor, publishOne, subscribe } from "../support/scheduling";

/**
 * The original web client's scheduling screens against our REST API (ADR 0036): requests as its
 * src/api/*Services.js and src/slices/** send them, expectations named after the keys its components read.
 */

type CalendarSlot = {
  _id: string;
  type: string;
  slotType: string;
  start: string;
  end: string;
  mentorId: { _id: string; firstName: string; lastName: string; profileImageUrl: string };
  menteeId: { _id: string; firstName: string; lastName: string } | null;
};

/** What utilities/calenderUtilities.js formatCalenderSlots reads of each slot, then the calendars draw by `type`. */
function expectCalendarSlot(slot: CalendarSlot) {
  expect(["available", "booked", "completed"]).toContain(slot.type);
  expect(slot.mentorId).toEqual({
    _id: expect.any(String),
    firstName: expect.any(String),
    lastName: expect.any(String),
    profileImageUrl: expect.any(String),
  });
  expect(Number.isNaN(Date.parse(slot.start)) || Number.isNaN(Date.parse(slot.end))).toBe(false);
}

describe("the mentor's scheduler (Mentor/Scheduler/CalenderComponent.jsx, MentorFormModalComponent.jsx, SlotUpdateForm.jsx)", () => {
  it("publishes through POST /available-timeslots/id, draws vacant, booked (with the mentee's name) and completed slots, and shows a booking's details", async () => {
    const m = await mentor({ firstName: "Asha", lastName: "Rao Iyer" });
    const me = await mentee({ firstName: "Priya", lastName: "Sharma" });
    await subscribe(me.id, m.id);
    // mentorServices.js mentorNewTimeSlotApi: POST /api/mentors/available-timeslots/id {slotDetails: {start, end, type: "available"}, mentorId}.
    const start = hoursAhead(30);
    const published = await call("POST", "/api/mentors/available-timeslots/id", {
      token: m.token,
      body: {
        slotDetails: { start: start.toISOString(), end: new Date(start.getTime() + HOUR).toISOString(), type: "available" },
        mentorId: m.id,
      },
    });
    expect(published.status, JSON.stringify(published.body)).toBe(201);
    const vacant = published.body.allTimeSlots[0]._id as string;
    const booked = await publishOne(m.token, hoursAhead(40));
    // SlotModalMenteeSide.jsx → menteeServices.js fixMentorSlotByMentee: POST /timeslots/1 {values: {menteeQueryTitle, menteeQueryDescription, menteeId}, slotId}.
    const booking = await call("POST", "/api/mentees/timeslots/1", {
      token: me.token,
      body: {
        values: { menteeQueryTitle: "System design", menteeQueryDescription: "A URL shortener\nand its storage", menteeId: me.id },
        slotId: booked,
      },
    });
    expect(booking.status, JSON.stringify(booking.body)).toBe(201);

    // slices/MentorSlices/AvailableTimeSlotsSlice.js: GET /available-timeslots/{mentorId} reads allTimeSlots.
    const calendar = await call("GET", `/api/mentors/available-timeslots/${m.id}`, { token: m.token });
    const slots = calendar.body.allTimeSlots as CalendarSlot[];
    slots.forEach(expectCalendarSlot);
    const byId = new Map(slots.map((s) => [s._id, s]));
    expect(byId.get(vacant)).toMatchObject({ type: "available", menteeId: null, slotType: "session" });
    // The booked event shows "Mentee: {menteeId.firstName} {menteeId.lastName}".
    expect(byId.get(booked)).toMatchObject({ type: "booked", menteeId: { _id: me.id, firstName: "Priya", lastName: "Sharma" } });
    expect(byId.get(booked)!.mentorId).toMatchObject({ _id: m.id, firstName: "Asha", lastName: "Rao Iyer" });

    // mentorServices.js fetchAllotedSlotDetails: GET /slot-details/{id}; SlotUpdateForm.jsx reads resonseFromDb (spelled so).
    const details = await call("GET", `/api/mentors/slot-details/${booked}`, { token: m.token });
    expect(details.body.resonseFromDb).toMatchObject({
      _id: booked,
      type: "booked",
      menteeId: { firstName: "Priya", lastName: "Sharma" },
      menteeQueryTitle: "System design",
      menteeQueryDescription: "A URL shortener\nand its storage",
    });
    expect(Number.isNaN(Date.parse(details.body.resonseFromDb.start))).toBe(false);
    // Our own key stays as it was.
    expect(details.body.slotDetails).toMatchObject({ _id: booked, type: "session", menteeId: me.id });

    // Once its hour is over, the booking is drawn as completed.
    const later = new Date(hoursAhead(40).getTime() + 2 * HOUR);
    const afterwards = await call("GET", `/api/mentors/available-timeslots/${m.id}`, { token: m.token, now: later });
    expect((afterwards.body.allTimeSlots as CalendarSlot[]).find((s) => s._id === booked)).toMatchObject({ type: "completed" });
  });
});

describe("the mentee's Schedules page and booked slots (Mentee/Scheduler/CalenderComponent.jsx, BookedSlotsList.jsx)", () => {
  it("shows her mentors' vacant slots and her own bookings, with the mentor populated; another mentee sees neither her booking nor her name", async () => {
    const m = await mentor({ firstName: "Vikram", lastName: "Shah" });
    const me = await mentee({ firstName: "Priya", lastName: "Sharma" });
    const other = await mentee({ firstName: "Rahul", lastName: "Verma" });
    await subscribe(me.id, m.id);
    await subscribe(other.id, m.id);
    const open = await publishOne(m.token, hoursAhead(30));
    const mine = await publishOne(m.token, hoursAhead(50));
    expect(
      (await call("POST", "/api/mentees/timeslots/1", { token: me.token, body: { values: { menteeId: me.id }, slotId: mine } })).status,
    ).toBe(201);

    // slices/MenteeSlices/timeSlotSlice.js: GET /timeslots/{her own id} reads timeSlots.
    const schedule = await call("GET", `/api/mentees/timeslots/${me.id}`, { token: me.token });
    const slots = schedule.body.timeSlots as CalendarSlot[];
    slots.forEach(expectCalendarSlot);
    expect(slots.map((s) => [s._id, s.type])).toEqual([
      [open, "available"],
      [mine, "booked"],
    ]);
    // The vacant and booked events show mentorId's name and picture (MenteeSlotVacantComponent.jsx, MenteeSlotBooked.jsx).
    expect(slots[0].mentorId).toMatchObject({ _id: m.id, firstName: "Vikram", lastName: "Shah" });

    // Another mentee of the same mentor: the open slot only, no booking and no name of Priya anywhere.
    const theirs = await call("GET", `/api/mentees/timeslots/${other.id}`, { token: other.token });
    expect((theirs.body.timeSlots as CalendarSlot[]).map((s) => s._id)).toEqual([open]);
    expect(theirs.text).not.toContain("Priya");
    expect(theirs.text).not.toContain(me.id);
    const ofMentor = await call("GET", `/api/mentees/timeslots/${m.id}`, { token: other.token });
    expect((ofMentor.body.timeSlots as CalendarSlot[]).map((s) => [s._id, s.type, s.menteeId])).toEqual([[open, "available", null]]);
    expect(ofMentor.text).not.toContain("Priya");

    // slices/MenteeSlices/bookedTimeSlots.js: GET /booked-slots/{menteeId}; pages/Mentee/BookedSlotsList.jsx reads data.responseFromDb,
    // BookedSlotsList.jsx reads _id, start and mentorId.{firstName, lastName}.
    const list = await call("GET", `/api/mentees/booked-slots/${me.id}`, { token: me.token });
    expect(list.body.responseFromDb).toEqual([
      expect.objectContaining({
        _id: mine,
        start: hoursAhead(50).toISOString(),
        mentorId: expect.objectContaining({ firstName: "Vikram", lastName: "Shah" }),
      }),
    ]);
    // menteeServices.js cancelABookedSlot: PATCH /booked-slots/1 {slotId}.
    expect((await call("PATCH", "/api/mentees/booked-slots/1", { token: me.token, body: { slotId: mine } })).status).toBe(200);
    expect((await call("GET", `/api/mentees/booked-slots/${me.id}`, { token: me.token })).body.responseFromDb).toEqual([]);
  });
});

describe("the mentor's home (UpcommingLiveList.jsx, Charts/LineChart.jsx)", () => {
  it("today's sessions read sessionDetails with _id, start and menteeId.{firstName, lastName}; the chart reads enrollmentObject[]._id.day and count", async () => {
    const m = await mentor();
    const me = await mentee({ firstName: "Sara", lastName: "Khan" });
    await subscribe(me.id, m.id);
    const soon = await publishOne(m.token, hoursAhead(22));
    expect((await call("POST", "/api/mentees/timeslots/1", { token: me.token, body: { values: {}, slotId: soon } })).status).toBe(201);
    const live = await call("GET", `/api/mentors/todays-live-slots/${m.id}`, { token: m.token });
    expect(live.body.sessionDetails).toEqual([
      expect.objectContaining({ _id: soon, start: expect.any(String), menteeId: { firstName: "Sara", lastName: "Khan" } }),
    ]);
    const chart = await call("GET", `/api/mentors/daily-enrollment-object/${m.id}`, { token: m.token });
    expect(chart.body.enrollmentObject.length).toBeGreaterThan(0);
    for (const day of chart.body.enrollmentObject)
      expect(day).toMatchObject({ _id: { day: expect.any(Number), month: expect.any(Number) }, count: expect.any(Number) });
  });
});
