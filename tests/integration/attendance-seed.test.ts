import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { livePresence, mentees, mentors, tickets, timeSlots } from "../../db/schema";
import { seedAttendanceDemo } from "../../db/seed-attendance";
import { testDb } from "../support/accounts";

/** The demo's attendance (ADR 0026): read only, and a second run adds nothing. */
describe("attendance seed", () => {
  it("gives Priya a session Asha missed, Rahul a disputed one in the moderators' queue, and Asha's past sessions their records", async () => {
    const db = testDb();
    const [priya] = await db.select().from(mentees).where(eq(mentees.email, "mentee@example.com"));
    const [rahul] = await db.select().from(mentees).where(eq(mentees.email, "rahul.mentee@example.com"));
    const [asha] = await db.select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const ashas = await db
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.mentorId, asha.id), isNotNull(timeSlots.outcome)));
    const missed = ashas.find((s) => s.menteeId === priya.id && s.outcome === "mentor_no_show");
    expect(missed).toBeDefined();
    const disputed = ashas.find((s) => s.menteeId === rahul.id && s.outcome === "mentee_no_show");
    expect(disputed?.disputedAt).toBeInstanceOf(Date);
    expect(ashas.some((s) => s.outcome === "completed")).toBe(true);
    const [ticket] = await db.select().from(tickets).where(eq(tickets.slotId, disputed!.id));
    expect(ticket).toMatchObject({ kind: "attendance", reporterId: rahul.id, accusedId: asha.id });
    expect((await db.select().from(livePresence).where(eq(livePresence.slotId, disputed!.id))).map((p) => p.role).sort()).toEqual([
      "mentee",
      "mentor",
    ]);

    const count = async () => ({
      slots: (await db.select().from(timeSlots).where(eq(timeSlots.mentorId, asha.id))).length,
      presence: (await db.select().from(livePresence)).length,
      tickets: (await db.select().from(tickets).where(eq(tickets.kind, "attendance"))).length,
    });
    const before = await count();
    await seedAttendanceDemo(db);
    expect(await count()).toEqual(before);
  });
});
