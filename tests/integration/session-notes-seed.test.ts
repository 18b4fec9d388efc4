import { and, eq, gt } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees, mentors, sessionNoteComments, sessionNotes, timeSlots } from "../../db/schema";
import { NOTES_DEMO_AGENDA, NOTES_DEMO_BODY, NOTES_DEMO_COMMENT, seedSessionNotesDemo } from "../../db/seed-session-notes";
import { accessTokenFor, testDb } from "../support/accounts";
import { trpc } from "../support/api";

/** The demo's before and after (ADR 0026): read only (the demo accounts are never changed by a test), and a second run adds nothing. */
describe("session notes seed", () => {
  it("gives Priya and Asha a completed session with notes and a comment, an agenda with a link on her next booking, and her home a rating prompt", async () => {
    const db = testDb();
    const [priya] = await db.select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const [slot] = await db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.mentorId, asha.id), eq(timeSlots.menteeId, priya.id), eq(timeSlots.agenda, NOTES_DEMO_AGENDA)));
    expect(slot).toMatchObject({ state: "booked", outcome: "completed" });

    const hers = await trpc(await accessTokenFor("mentee", priya.id)).sessionNotes.get.query({ slotId: slot.id });
    expect(hers.notes?.body).toBe(NOTES_DEMO_BODY);
    expect(hers.comments.map((c) => [c.authorRole, c.body])).toEqual([["mentee", NOTES_DEMO_COMMENT]]);
    expect((await trpc(await accessTokenFor("mentor", asha.id)).sessionNotes.get.query({ slotId: slot.id })).viewer).toBe("mentor");

    // The booking that was next when the seed ran (it may have started since: the demo's next session can be minutes away).
    const booked = await db
      .select()
      .from(timeSlots)
      .where(
        and(
          eq(timeSlots.menteeId, priya.id),
          eq(timeSlots.mentorId, asha.id),
          eq(timeSlots.state, "booked"),
          gt(timeSlots.startAt, slot.startAt),
        ),
      );
    expect(booked.some((s) => /https:\/\//.test(s.agenda ?? ""))).toBe(true);

    const home = await trpc(await accessTokenFor("mentee", priya.id)).mentees.home.query({});
    expect(home.ratingPrompt).toMatchObject({ mentorId: asha.id, mentorFirstName: "Asha" });

    const count = async () => ({
      slots: (await db.select().from(timeSlots).where(eq(timeSlots.mentorId, asha.id))).length,
      notes: (await db.select().from(sessionNotes)).length,
      comments: (await db.select().from(sessionNoteComments).where(eq(sessionNoteComments.slotId, slot.id))).length,
      agendas: (
        await db
          .select({ agenda: timeSlots.agenda })
          .from(timeSlots)
          .where(and(eq(timeSlots.menteeId, priya.id), eq(timeSlots.state, "booked")))
      )
        .map((s) => s.agenda)
        .sort(),
    });
    const before = await count();
    await seedSessionNotesDemo(db);
    expect(await count()).toEqual(before);
  });
});
