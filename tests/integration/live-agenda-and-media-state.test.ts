import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type WebSocket from "ws";
import { timeSlots } from "../../db/schema";
import { LIVE_DEMO_AGENDA, seedLiveDemo } from "../../db/seed-live";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { trpc } from "../support/api";
import { connect, roomUrlFor } from "../support/sockets";

/** The live page (ADR 0026) through the built Worker: the agenda on the live page's session, and the media-state message through the live room. */

const MINUTE = 60 * 1000;

async function bookedSession(startIn: number, agenda: string | null) {
  const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({ timeZone: "America/New_York" });
  const start = new Date(Date.now() + startIn);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: mentor.id,
      startAt: start,
      endAt: new Date(start.getTime() + 60 * MINUTE),
      state: "booked",
      type: "session",
      menteeId: mentee.id,
      bookedAt: new Date(),
      agenda,
    })
    .returning();
  return {
    slotId: slot.id,
    mentor: { id: mentor.id, token: await accessTokenFor("mentor", mentor.id) },
    mentee: { id: mentee.id, token: await accessTokenFor("mentee", mentee.id) },
  };
}

/** The room's messages a socket received, in order. */
function inbox(socket: WebSocket) {
  const received: { event: string; data: unknown }[] = [];
  socket.on("message", (raw) => received.push(JSON.parse(raw.toString())));
  return received;
}

async function waitFor<T>(find: () => T | undefined, what: string, timeout = 5000): Promise<T> {
  const deadline = Date.now() + timeout;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} within ${timeout} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe("the live page's agenda and media state", () => {
  it("the live page's session carries the mentee's agenda for both participants, null when she wrote none", async () => {
    const agenda = "Review my portfolio\nhttps://example.com/portfolio";
    const s = await bookedSession(30 * MINUTE, agenda);
    expect((await trpc(s.mentor.token).live.session.query({ slotId: s.slotId })).agenda).toBe(agenda);
    expect((await trpc(s.mentee.token).live.session.query({ slotId: s.slotId })).agenda).toBe(agenda);
    const none = await bookedSession(30 * MINUTE, null);
    expect((await trpc(none.mentor.token).live.session.query({ slotId: none.slotId })).agenda).toBeNull();
  });

  it("the room relays a camera/microphone state message to the other participant as it is, beside the WebRTC signals", async () => {
    const s = await bookedSession(-MINUTE, null);
    const mentor = await connect(await roomUrlFor(`live-room/${s.slotId}`, s.mentor.token));
    const toMentor = inbox(mentor);
    await waitFor(() => toMentor.find((m) => m.event === "welcome"), "welcome");
    const mentee = await connect(await roomUrlFor(`live-room/${s.slotId}`, s.mentee.token));
    const toMentee = inbox(mentee);
    await waitFor(() => toMentee.find((m) => m.event === "welcome"), "welcome");
    try {
      const state = { kind: "media", camera: false, mic: true, screen: false };
      mentor.send(JSON.stringify({ event: "signal", data: state }));
      mentor.send(JSON.stringify({ event: "signal", data: { gen: "g1", description: { type: "offer", sdp: "v=0" } } }));
      const signals = await waitFor(() => {
        const got = toMentee.filter((m) => m.event === "signal");
        return got.length >= 2 ? got : undefined;
      }, "two signals");
      expect(signals.map((m) => m.data)).toEqual([state, { gen: "g1", description: { type: "offer", sdp: "v=0" } }]);
      // Nothing comes back to the sender.
      expect(toMentor.filter((m) => m.event === "signal")).toEqual([]);
    } finally {
      mentor.close();
      mentee.close();
    }
  });

  it("the seed gives the demo pair's running session an agenda, once, keeping one already written", async () => {
    const now = Date.now();
    const running = await bookedSession(-5 * MINUTE, null);
    const written = await bookedSession(-5 * MINUTE, "Her own words");
    const later = await bookedSession(2 * 60 * MINUTE, null);
    for (const s of [running, written, later]) await seedLiveDemo(testDb(), s.mentee.id, s.mentor.id, now);
    await seedLiveDemo(testDb(), running.mentee.id, running.mentor.id, now);
    const agendaOf = async (slotId: string) =>
      (await testDb().select({ agenda: timeSlots.agenda }).from(timeSlots).where(eq(timeSlots.id, slotId)))[0].agenda;
    expect(await agendaOf(running.slotId)).toBe(LIVE_DEMO_AGENDA);
    expect(await agendaOf(written.slotId)).toBe("Her own words");
    expect(await agendaOf(later.slotId)).toBeNull();
  });
});
