import { describe, expect, it } from "vitest";
import { accessTokenFor, createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { ownTrips } from "../support/db-proxy";
import { useProxiedStack } from "../support/proxied-stack";
import { conversations, timeSlots } from "../../db/schema";
import { createEnrollment, createModerator } from "../support/moderation";
import { signedInReads } from "../support/signed-in-reads";

/**
 * Issue 25: the database round trips of the requests a signed-in person makes on her common
 * screens, counted at the database's door (the proxy of bench/db-distance.ts). A signed-in read
 * sends the account check with its own reads: one trip. A change that adds a trip fails here.
 */
const proxied = useProxiedStack();
const proxy = () => proxied.proxy();

async function tripsOf(path: string, token: string): Promise<number> {
  const before = proxy().requests();
  const response = await fetch(`${proxied.stack().baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  const body = await response.text();
  expect(response.status, `${path}: ${body.slice(0, 200)}`).toBe(200);
  return proxy().requests() - before;
}

describe("database round trips of signed-in reads (issue 25)", () => {
  it("a signed-in read is one round trip, the account check travelling with it", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    const moderator = await createModerator();
    const reads = signedInReads(
      { id: mentee.id, token: await accessTokenFor("mentee", mentee.id) },
      { id: mentor.id, token: await accessTokenFor("mentor", mentor.id) },
      { id: moderator.id, token: await accessTokenFor("moderator", moderator.id) },
    );
    const found = [];
    for (const { name, path, token } of reads) found.push({ name, trips: await tripsOf(path, token) });
    expect(found).toEqual(reads.map(({ name }) => ({ name, trips: 1 })));
  });

  it("a blocked account's read is still refused, in that same one trip, and nothing of the read is sent", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    await setBlocked("mentee", mentee.id, true);
    const before = proxy().statements().length;
    const response = await fetch(`${proxied.stack().baseUrl}/trpc/notifications.latest?input=${encodeURIComponent(JSON.stringify({ side: "mentee", limit: 20 }))}`, { headers: { authorization: `Bearer ${token}` } });
    const body = (await response.json()) as { error?: { message: string; data: { details?: { blocked?: boolean } } }; result?: unknown };
    // The check and the bell's reads went in one trip (what follows a refusal, closing her open tabs, runs after the answer).
    const trips = ownTrips(proxy().statements().slice(before));
    expect(trips[0].some((s) => s.startsWith('select "is_blocked"')) && trips[0].some((s) => /from "notifications"/.test(s))).toBe(true);
    expect(response.status).toBe(403);
    expect(body.result).toBeUndefined();
    expect(body.error?.data.details?.blocked).toBe(true);
  });

  it("a booking and its cancel are two round trips each: the check with the reads, then the one write batch", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    await createEnrollment(mentee.id, mentor.id);
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 50 * 3_600_000);
    const [slot] = await testDb().insert(timeSlots).values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) }).returning();
    const token = await accessTokenFor("mentee", mentee.id);
    /** The round trips during the call, without the transaction's own steps and without the mail delivered after the answer (its own trips, to the outbox). */
    const tripsDuring = async (path: string, input: unknown) => {
      const before = proxy().statements().length;
      const response = await fetch(`${proxied.stack().baseUrl}/trpc/${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(input) });
      expect(response.status, await response.text()).toBe(200);
      return ownTrips(proxy().statements().slice(before));
    };
    const booking = await tripsDuring("scheduling.book", { slotId: slot.id });
    expect(booking.map((trip) => trip[0].slice(0, 30))).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^update "time_slots"/)]);
    // A cancel commits in its second trip too; what follows it (offering the freed hour to the waitlist) runs after the answer.
    const cancel = await tripsDuring("scheduling.cancel", { slotId: slot.id });
    expect(cancel.slice(0, 2).map((trip) => trip[0].slice(0, 30))).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^update "time_slots"/)]);
  });
});

describe("a race for one slot at the database's door (issue 25)", () => {
  it("the losers read nothing of the booking: each sends its account check alone, and is answered from who won", async () => {
    const mentor = await createMentor();
    const racers = await Promise.all(Array.from({ length: 12 }, () => createMentee()));
    await Promise.all(racers.map((m) => createEnrollment(m.id, mentor.id)));
    const tokens = await Promise.all(racers.map((m) => accessTokenFor("mentee", m.id)));
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 70 * 3_600_000);
    const [slot] = await testDb().insert(timeSlots).values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) }).returning();
    const before = proxy().statements().length;
    const answers = await Promise.all(
      tokens.map((token) =>
        fetch(`${proxied.stack().baseUrl}/trpc/scheduling.book`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify({ slotId: slot.id }) }).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.includes("This slot was just taken"))).toBe(true);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(racers.length - 1);
    const trips = ownTrips(proxy().statements().slice(before));
    const sent = trips.flat();
    // The booking's own reads (the mentee's name for the mentor's notice) and its write went out once: the winner's.
    expect(sent.filter((s) => /^select "first_name", "last_name", "time_zone" from "mentees"/.test(s))).toHaveLength(1);
    expect(sent.filter((s) => /^update "time_slots"/.test(s))).toHaveLength(1);
    // Every racer's account check went out, each in one trip of its own with the waitlist hold's read; the winner's carried its reads too.
    const checks = trips.filter((trip) => trip[0].startsWith('select "is_blocked"'));
    expect(checks).toHaveLength(racers.length);
    expect(checks.filter((trip) => trip.length > 2)).toHaveLength(1);
  });
});

describe("database round trips of the other writes (issue 25)", () => {
  it("a message and its mark-read are two round trips each, and a move commits in its second: the check with the reads, then the one write batch", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    await createEnrollment(mentee.id, mentor.id);
    const [conversation] = await testDb().insert(conversations).values({ menteeId: mentee.id, mentorId: mentor.id }).returning();
    const menteeToken = await accessTokenFor("mentee", mentee.id);
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const hour = 3_600_000;
    const base = Math.ceil(Date.now() / hour) * hour + 60 * hour;
    const [from, to] = await testDb()
      .insert(timeSlots)
      .values([
        { mentorId: mentor.id, startAt: new Date(base), endAt: new Date(base + hour) },
        { mentorId: mentor.id, startAt: new Date(base + 3 * hour), endAt: new Date(base + 4 * hour) },
      ])
      .returning();
    const tripsDuring = async (token: string, path: string, input: unknown) => {
      const before = proxy().statements().length;
      const response = await fetch(`${proxied.stack().baseUrl}/trpc/${path}`, { method: "POST", headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: JSON.stringify(input) });
      expect(response.status, await response.text()).toBe(200);
      return ownTrips(proxy().statements().slice(before));
    };
    const sent = await tripsDuring(menteeToken, "chat.send", { side: "mentee", conversationId: conversation.id, message: "Hello, a question about the plan", clientId: crypto.randomUUID() });
    const read = await tripsDuring(mentorToken, "chat.markRead", { side: "mentor", conversationId: conversation.id });
    await tripsDuring(menteeToken, "scheduling.book", { slotId: from.id });
    const moved = await tripsDuring(menteeToken, "scheduling.reschedule", { slotId: from.id, toSlotId: to.id });
    const firstOf = (trips: string[][]) => trips.map((trip) => trip[0].slice(0, 30));
    expect(firstOf(sent)).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^insert into messages/)]);
    expect(firstOf(read)).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^update messages set read_at/)]);
    // A move commits in its second trip too (the check travels with the reads of both slots); offering the freed hour to the waitlist follows.
    expect(firstOf(moved).slice(0, 2)).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^update "time_slots"/)]);
    expect(moved[0].some((s) => /from "time_slots"/.test(s))).toBe(true);
  });
});
