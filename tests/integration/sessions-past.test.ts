import { createTRPCClient, httpLink } from "@trpc/client";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { livePresence, timeSlots } from "../../db/schema";
import type { AppRouter } from "../../worker/trpc/router";
import { testDb } from "../support/accounts";
import { baseUrl, trpc } from "../support/api";
import { call, hoursAhead, mentee, mentor, publishOne, subscribe } from "../support/scheduling";

/**
 * A session is upcoming until its call ends (an intro call 15 minutes into its one-hour slot) and while it is not
 * settled; after that every list has it as past: her booked slots (with its outcome once settled), her home's next
 * session, his upcoming live sessions, and their REST answers (SPEC §7 shapes unchanged).
 */

const MIN = 60 * 1000;

/** A tRPC client whose requests happen at `now` (the Worker's `x-mentorlink-now`, outside production). */
const trpcAt = (token: string, now: Date) =>
  createTRPCClient<AppRouter>({
    links: [
      httpLink({ url: `${baseUrl()}/trpc`, headers: () => ({ authorization: `Bearer ${token}`, "x-mentorlink-now": now.toISOString() }) }),
    ],
  });

const settle = (now: Date) => call("POST", `/dev/cron/settleSessions?now=${now.getTime()}`);

type Person = { id: string; token: string };

/** What each screen's list says of `slotId` at `now`. */
async function listsAt(her: Person, him: Person, slotId: string, now: Date) {
  const [bookings, home, live, rest, restLive] = await Promise.all([
    trpcAt(her.token, now).scheduling.myBookings.query(),
    trpcAt(her.token, now).mentees.home.query({}),
    trpcAt(him.token, now).scheduling.liveSessions.query(),
    call("GET", `/api/mentees/booked-slots/${her.id}`, { token: her.token, now }),
    call("GET", `/api/mentors/todays-live-slots/${him.id}`, { token: him.token, now }),
  ]);
  expect(rest.status).toBe(200);
  expect(restLive.status).toBe(200);
  const ids = (list: { _id?: string; id?: string }[]) => list.map((s) => s._id ?? s.id);
  return {
    upcoming: bookings.upcoming.some((b) => b.id === slotId),
    past: bookings.past.find((b) => b.id === slotId),
    homeNext: home.nextSession?.id === slotId,
    homeCount: home.upcomingSessions,
    mentorUpcoming: live.some((s) => s.id === slotId),
    restUpcoming: ids(rest.body.upcoming).includes(slotId),
    restPast: ids(rest.body.past).includes(slotId),
    restAll: ids(rest.body.bookedSlots).includes(slotId),
    restMentorUpcoming: ids(restLive.body.sessionDetails).includes(slotId),
  };
}

describe("an ended or settled session is past on every list", () => {
  it("a free intro call the mentor never joined: upcoming during its 15 minutes, past once they are over, past with 'missed by the mentor' once settled", async () => {
    const him = await mentor();
    const her = await mentee();
    const start = hoursAhead(14);
    const slotId = await publishOne(him.token, start);
    await trpc(her.token).scheduling.bookTrial.mutate({ slotId });
    // She waited in the room for ten minutes; he never came.
    await testDb()
      .insert(livePresence)
      .values({
        slotId,
        role: "mentee",
        personId: her.id,
        connectionId: crypto.randomUUID(),
        joinedAt: new Date(start.getTime() + MIN),
        leftAt: new Date(start.getTime() + 11 * MIN),
      });

    const during = await listsAt(her, him, slotId, new Date(start.getTime() + 10 * MIN));
    expect(during).toMatchObject({ upcoming: true, past: undefined, homeNext: true, homeCount: 1, mentorUpcoming: true });
    expect(during).toMatchObject({ restUpcoming: true, restPast: false, restAll: true, restMentorUpcoming: true });

    // The call is over (15 minutes), not yet settled (the room closes 5 minutes later): past already.
    const over = await listsAt(her, him, slotId, new Date(start.getTime() + 16 * MIN));
    expect(over).toMatchObject({ upcoming: false, past: { attendance: null }, homeNext: false, homeCount: 0, mentorUpcoming: false });
    expect(over).toMatchObject({ restUpcoming: false, restPast: true, restAll: true, restMentorUpcoming: false });

    const settledAt = new Date(start.getTime() + 21 * MIN);
    expect((await settle(settledAt)).status).toBe(200);
    const [row] = await testDb().select().from(timeSlots).where(eq(timeSlots.id, slotId));
    expect(row.outcome).toBe("mentor_no_show");

    // Settled, and still inside the one-hour slot: past, with its outcome, on every list.
    const after = await listsAt(her, him, slotId, new Date(start.getTime() + 25 * MIN));
    expect(after).toMatchObject({
      upcoming: false,
      past: { type: "trial", attendance: { outcome: "mentor_no_show" } },
      homeNext: false,
      homeCount: 0,
      mentorUpcoming: false,
    });
    expect(after).toMatchObject({ restUpcoming: false, restPast: true, restAll: true, restMentorUpcoming: false });
  });

  it("a session is upcoming until its hour ends; once settled it is past even before then", async () => {
    const him = await mentor();
    const her = await mentee();
    const start = hoursAhead(15);
    await subscribe(her.id, him.id);
    const slotId = await publishOne(him.token, start);
    await trpc(her.token).scheduling.book.mutate({ slotId });

    expect(await listsAt(her, him, slotId, new Date(start.getTime() + 59 * MIN))).toMatchObject({
      upcoming: true,
      homeNext: true,
      mentorUpcoming: true,
    });
    expect(await listsAt(her, him, slotId, new Date(start.getTime() + 60 * MIN))).toMatchObject({
      upcoming: false,
      past: { id: slotId },
      homeNext: false,
      mentorUpcoming: false,
    });

    // However it was settled (a moderator's decision), a settled session is over: past, and no longer anyone's next one.
    await testDb()
      .update(timeSlots)
      .set({ outcome: "completed", outcomeAt: new Date(start.getTime() + 40 * MIN) })
      .where(eq(timeSlots.id, slotId));
    expect(await listsAt(her, him, slotId, new Date(start.getTime() + 45 * MIN))).toMatchObject({
      upcoming: false,
      past: { attendance: { outcome: "completed" } },
      homeNext: false,
      homeCount: 0,
      mentorUpcoming: false,
      restUpcoming: false,
      restPast: true,
    });
  });
});
