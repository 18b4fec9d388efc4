import { inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, timeSlots } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { ownTrips } from "../support/db-proxy";
import { createEnrollment, createModerator } from "../support/moderation";
import { useProxiedStack } from "../support/proxied-stack";
import { READ_TRIPS, signedInReads, WRITE_TRIPS } from "../support/signed-in-reads";

/**
 * The database round trips of the requests a signed-in person makes on her common
 * screens, counted at the database's door (the proxy of bench/db-distance.ts). A signed-in read
 * sends the account check with its own reads: one trip. A change that adds a trip fails here.
 */
const proxied = useProxiedStack();
const proxy = () => proxied.proxy();

/**
 * The request's own round trips before its answer (ownTrips), which must succeed. At most `budget` reach the
 * database: the proxy holds any later one until the answer has come (db-proxy's gate), so a request whose
 * answer waits for more trips than its budget never answers, and fails here; what it does after answering is
 * held, then let go, and not counted. Earlier requests' after-answer work is waited out first.
 */
async function tripsBeforeAnswer(token: string, path: string, budget: number, input?: unknown): Promise<string[][]> {
  // Quiet for longer than the queues wait to fill a batch (one second, wrangler.toml): an earlier request's background
  // work then reaches the door before this request's budget is counted, not inside it.
  await proxy().quiet(1_100);
  const before = proxy().statements().length;
  const gate = proxy().gate(budget);
  try {
    const init: RequestInit = input === undefined ? {} : { method: "POST", body: JSON.stringify(input) };
    const response = await fetch(`${proxied.stack().baseUrl}${path}`, {
      ...init,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      // Generous: a request held at its budget never answers, and this must not fail one that is only slow on a loaded
      // machine (a checkout also waits on the local Stripe, which the proxy does not count).
      signal: AbortSignal.timeout(25_000),
    }).catch(() => {
      // Which trips took the budget: the request's own, or background work of an earlier one that reached the door meanwhile.
      const seen = ownTrips(proxy().statements().slice(before)).map((trip) => trip.map((sql) => sql.slice(0, 80)).join(" | "));
      throw new Error(`${path} did not answer within ${budget} round trip(s) to the database; trips seen:\n${seen.join("\n")}`);
    });
    const passed = gate.passed();
    const body = await response.text();
    expect(response.status, `${path}: ${body.slice(0, 200)}`).toBe(200);
    return ownTrips(proxy().statements().slice(before)).slice(0, passed);
  } finally {
    gate.release();
  }
}

/** A tRPC mutation's own round trips before its answer, held to its budget. */
const postTrips = (token: string, path: string, input: unknown, budget: number) => tripsBeforeAnswer(token, `/trpc/${path}`, budget, input);

describe("database round trips of signed-in reads", () => {
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
    for (const { name, path, token } of reads) found.push({ name, trips: (await tripsBeforeAnswer(token, path, READ_TRIPS)).length });
    expect(found).toEqual(reads.map(({ name }) => ({ name, trips: READ_TRIPS })));
  });

  it("a blocked account's read is still refused, in that same one trip, and nothing of the read is sent", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    await setBlocked("mentee", mentee.id, true);
    const before = proxy().statements().length;
    const response = await fetch(
      `${proxied.stack().baseUrl}/trpc/notifications.latest?input=${encodeURIComponent(JSON.stringify({ side: "mentee", limit: 20 }))}`,
      { headers: { authorization: `Bearer ${token}` } },
    );
    const body = (await response.json()) as { error?: { message: string; data: { details?: { blocked?: boolean } } }; result?: unknown };
    // The check and the bell's reads went in one trip (what follows a refusal, closing her open tabs, runs after the answer).
    const trips = ownTrips(proxy().statements().slice(before));
    expect(trips[0].some((s) => s.startsWith('select "is_blocked"')) && trips[0].some((s) => /from "notifications"/.test(s))).toBe(true);
    expect(response.status).toBe(403);
    expect(body.result).toBeUndefined();
    expect(body.error?.data.details?.blocked).toBe(true);
  });

  it("a booking and its cancel are two round trips each before the answer: the check with the reads, then the one write batch", async () => {
    const mentee = await createMentee();
    const mentor = await createMentor();
    await createEnrollment(mentee.id, mentor.id);
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 50 * 3_600_000);
    const [slot] = await testDb()
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) })
      .returning();
    const token = await accessTokenFor("mentee", mentee.id);
    const booking = await postTrips(token, "scheduling.book", { slotId: slot.id }, WRITE_TRIPS["mentee: book a slot"]);
    expect(booking.map((trip) => trip[0].slice(0, 30))).toEqual([
      expect.stringMatching(/^select "is_blocked"/),
      expect.stringMatching(/^update "time_slots"/),
    ]);
    // A cancel commits in its second trip too, and answers; what follows it (offering the freed hour to the waitlist) runs after the answer.
    const cancel = await postTrips(token, "scheduling.cancel", { slotId: slot.id }, WRITE_TRIPS["mentee: cancel a booking"]);
    expect(cancel.map((trip) => trip[0].slice(0, 30))).toEqual([
      expect.stringMatching(/^select "is_blocked"/),
      expect.stringMatching(/^update "time_slots"/),
    ]);
  });
});

describe("database round trips of a checkout start", () => {
  it("three the first time (the check with every read, the claim, the session recorded), one when it answers her open checkout", async () => {
    const mentor = await createMentor();
    // The mentor's first checkout makes his Stripe Price (once after his approval or a rate change): not the case counted here.
    await postTrips(await accessTokenFor("mentee", (await createMentee()).id), "payments.createCheckout", { mentorId: mentor.id }, 20);
    const token = await accessTokenFor("mentee", (await createMentee()).id);
    const first = await postTrips(token, "payments.createCheckout", { mentorId: mentor.id }, WRITE_TRIPS["mentee: start a checkout"]);
    expect(first).toHaveLength(WRITE_TRIPS["mentee: start a checkout"]);
    // The account check, the mentor, the pair's enrollments, her Customer and his payout account: one trip.
    expect(first[0][0]).toMatch(/^select "is_blocked"/);
    expect(
      first[0].filter((s) => /from "enrollments"|from "mentors"|from "mentees"|from "payout_accounts"/.test(s)).length,
    ).toBeGreaterThanOrEqual(5);
    expect(first[1].some((s) => /^insert into "enrollments"/.test(s))).toBe(true);
    expect(first[2].some((s) => /^update "enrollments" set .*"stripe_checkout_session_id" = \?/.test(s))).toBe(true);
    const again = await postTrips(
      token,
      "payments.createCheckout",
      { mentorId: mentor.id },
      WRITE_TRIPS["mentee: open her checkout again"],
    );
    expect(again).toHaveLength(WRITE_TRIPS["mentee: open her checkout again"]);
  });
});

/** Each racer's account check reached the database exactly once, in at most one trip per racer. */
function expectEachCheckOnce(trips: string[][], racers: number) {
  const isCheck = (sql: string) => sql.startsWith('select "is_blocked"');
  expect(trips.flat().filter(isCheck)).toHaveLength(racers);
  expect(trips.filter((trip) => trip.some(isCheck)).length).toBeLessThanOrEqual(racers);
}

describe("a race for one slot at the database's door", () => {
  it("the losers read nothing of the booking: each sends only her account check, and is answered from who won", async () => {
    const mentor = await createMentor();
    const racers = await Promise.all(Array.from({ length: 12 }, () => createMentee()));
    await Promise.all(racers.map((m) => createEnrollment(m.id, mentor.id)));
    const tokens = await Promise.all(racers.map((m) => accessTokenFor("mentee", m.id)));
    const start = new Date(Math.ceil(Date.now() / 3_600_000) * 3_600_000 + 70 * 3_600_000);
    const [slot] = await testDb()
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: start, endAt: new Date(start.getTime() + 3_600_000) })
      .returning();
    const before = proxy().statements().length;
    const answers = await Promise.all(
      tokens.map((token) =>
        fetch(`${proxied.stack().baseUrl}/trpc/scheduling.book`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ slotId: slot.id }),
        }).then(async (r) => ({
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
    // Every racer's account check went out once (with the waitlist hold's read); checks that waited for a place at the read
    // gate went together (ADR 0008), so there are no more trips with checks than racers.
    expectEachCheckOnce(trips, racers.length);
  });

  it("the losers of a race to move onto one free hour read nothing either: each sends only her account check, and keeps her booking", async () => {
    const mentor = await createMentor();
    const racers = await Promise.all(Array.from({ length: 12 }, () => createMentee()));
    await Promise.all(racers.map((m) => createEnrollment(m.id, mentor.id)));
    const tokens = await Promise.all(racers.map((m) => accessTokenFor("mentee", m.id)));
    const hour = 3_600_000;
    const base = Math.ceil(Date.now() / hour) * hour;
    const held = await testDb()
      .insert(timeSlots)
      .values(
        racers.map((m, i) => ({
          mentorId: mentor.id,
          menteeId: m.id,
          state: "booked" as const,
          bookedAt: new Date(),
          startAt: new Date(base + (100 + 2 * i) * hour),
          endAt: new Date(base + (101 + 2 * i) * hour),
        })),
      )
      .returning();
    const [target] = await testDb()
      .insert(timeSlots)
      .values({ mentorId: mentor.id, startAt: new Date(base + 80 * hour), endAt: new Date(base + 81 * hour) })
      .returning();
    const before = proxy().statements().length;
    const answers = await Promise.all(
      tokens.map((token, i) =>
        fetch(`${proxied.stack().baseUrl}/trpc/scheduling.reschedule`, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ slotId: held[i].id, toSlotId: target.id }),
        }).then(async (r) => ({
          status: r.status,
          body: await r.text(),
        })),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.includes("This slot was just taken"))).toHaveLength(racers.length - 1);
    const trips = ownTrips(proxy().statements().slice(before));
    // Every racer's account check went out once (those that waited for a place at the read gate together); the move's write batch went out once.
    expectEachCheckOnce(trips, racers.length);
    expect(trips.filter((trip) => trip.some((s) => s.startsWith("insert into booking_events"))).length).toBe(1);
    // Each loser still holds her own booking.
    const winner = answers.findIndex((a) => a.status === 200);
    const after = await testDb()
      .select()
      .from(timeSlots)
      .where(
        inArray(
          timeSlots.id,
          held.map((h) => h.id),
        ),
      );
    expect(
      after
        .filter((row) => row.state === "booked")
        .map((row) => row.menteeId)
        .sort(),
    ).toEqual(
      racers
        .filter((_, i) => i !== winner)
        .map((m) => m.id)
        .sort(),
    );
  });
});

describe("database round trips of the other writes", () => {
  it("a message and its mark-read are one round trip each (the account check, the conversation and the writes in one batch); a move is two: the check with the reads, then the one write batch", async () => {
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
    await proxy().quiet();
    const beforeSend = proxy().statements().length;
    const sent = await postTrips(
      menteeToken,
      "chat.send",
      { side: "mentee", conversationId: conversation.id, message: "Hello, a question about the plan", clientId: crypto.randomUUID() },
      WRITE_TRIPS["mentee: send a message"],
    );
    // Her notification's Web Push needs no trip of its own after the answer: the batch read the mentor's devices.
    await proxy().quiet();
    const devicesRead = proxy()
      .statements()
      .slice(beforeSend)
      .filter((trip) => trip.some((s) => /from push_subscriptions/.test(s)));
    expect(devicesRead.map((trip) => trip.some((s) => /^insert into messages/.test(s)))).toEqual([true]);
    const read = await postTrips(
      mentorToken,
      "chat.markRead",
      { side: "mentor", conversationId: conversation.id },
      WRITE_TRIPS["mentor: mark a conversation read"],
    );
    await postTrips(menteeToken, "scheduling.book", { slotId: from.id }, WRITE_TRIPS["mentee: book a slot"]);
    const moved = await postTrips(
      menteeToken,
      "scheduling.reschedule",
      { slotId: from.id, toSlotId: to.id },
      WRITE_TRIPS["mentee: move a booking"],
    );
    const firstOf = (trips: string[][]) => trips.map((trip) => trip[0].slice(0, 30));
    expect(sent).toHaveLength(1);
    expect(sent[0].map((s) => s.slice(0, 30))).toEqual([
      expect.stringMatching(/^select "is_blocked"/),
      expect.stringMatching(/^select "conversations"\."id"/),
      expect.stringMatching(/^insert into messages/),
      expect.stringMatching(/^update conversations/),
      expect.stringMatching(/^delete from notifications/),
      expect.stringMatching(/^insert into notifications/),
      expect.stringMatching(/^select s\.id, s\.endpoint/),
    ]);
    expect(read[0].map((s) => s.slice(0, 30))).toEqual([
      expect.stringMatching(/^select "is_blocked"/),
      expect.stringMatching(/^select "conversations"\."id"/),
      expect.stringMatching(/^update messages set read_at/),
      expect.stringMatching(/^update notifications set is_re/),
    ]);
    expect(read).toHaveLength(1);
    // A move commits in its second trip too (the check travels with the reads of both slots), and answers; offering the freed hour to the waitlist follows.
    expect(firstOf(moved)).toEqual([expect.stringMatching(/^select "is_blocked"/), expect.stringMatching(/^update "time_slots"/)]);
    expect(moved[0].some((s) => /from "time_slots"/.test(s))).toBe(true);
  });
});
