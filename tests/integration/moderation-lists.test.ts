import { and, eq, isNotNull } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { demoMentors } from "../../db/demo-data";
import { menteeRow, mentorRow } from "../../db/factories";
import { mentees, mentors, timeSlots } from "../../db/schema";
import { DEMO_WEEKLY_HOURS } from "../../db/seed-availability";
import { expandWeeklyHours } from "../../shared/weekly-hours";
import { testDb, uniqueEmail } from "../support/accounts";
import { baseUrl, rest, trpc, trpcOutcome } from "../support/api";
import { createModerator } from "../support/moderation";

/** The moderator's lists searched by name or e-mail, sorted and paged on the server; the seed's photos and slots. */

const MINUTE = 60_000;
/** A surname only this test's accounts carry. */
const uniqueName = () =>
  `Zed${crypto
    .randomUUID()
    .replace(/[^a-f]/g, "")
    .slice(0, 6)}`;

async function menteesNamed(lastName: string, firstNames: string[]) {
  const t0 = Date.now() - 60 * MINUTE;
  return testDb()
    .insert(mentees)
    .values(
      firstNames.map((firstName, i) =>
        menteeRow({ email: uniqueEmail(`list-${i}`), passwordHash: "x", firstName, lastName, createdAt: new Date(t0 + i * MINUTE) }),
      ),
    )
    .returning();
}

describe("moderator lists: search, sort and server-side pages", () => {
  it("mentees: found by name or e-mail, newest / oldest / name order, 20 a page with a total, pages that never overlap", async () => {
    const moderator = await createModerator();
    const surname = uniqueName();
    const firsts = Array.from({ length: 23 }, (_, i) => `P${String.fromCharCode(122 - i)}`); // Pz, Py, … in the order they joined
    const rows = await menteesNamed(surname, firsts);
    const api = trpc(moderator.token).moderation;

    const newest = await api.mentees.query({ search: surname });
    expect(newest).toMatchObject({ total: 23, page: 1, pageSize: 20 });
    expect(newest.items).toHaveLength(20);
    expect(newest.items[0].id).toBe(rows[22].id);
    const second = await api.mentees.query({ search: surname, page: 2 });
    expect(second.items).toHaveLength(3);
    expect(new Set([...newest.items, ...second.items].map((r) => r.id)).size).toBe(23);

    const oldest = await api.mentees.query({ search: surname, sort: "oldest" });
    expect(oldest.items[0].id).toBe(rows[0].id);
    const byName = await api.mentees.query({ search: surname.toLowerCase(), sort: "name" });
    expect(byName.items.map((r) => r.firstName)).toEqual([...firsts].sort().slice(0, 20));

    const byEmail = await api.mentees.query({ search: rows[5].email.toUpperCase() });
    expect(byEmail.items.map((r) => r.id)).toEqual([rows[5].id]);
    const byFullName = await api.mentees.query({ search: `${firsts[7]} ${surname}` });
    expect(byFullName.items.map((r) => r.id)).toEqual([rows[7].id]);
    // LIKE's wildcards are matched literally.
    expect((await api.mentees.query({ search: `${surname}%` })).total).toBe(0);
  });

  it("mentors: approved ones only, searchable and sortable; an unknown sort is a clear 400 on tRPC and REST", async () => {
    const moderator = await createModerator();
    const surname = uniqueName();
    const t0 = Date.now() - 60 * MINUTE;
    const values = ["Bina", "Anil", "Chitra"].map((firstName, i) =>
      mentorRow({
        email: uniqueEmail(`list-mentor-${i}`),
        passwordHash: "x",
        firstName,
        lastName: surname,
        createdAt: new Date(t0 + i * MINUTE),
        status: i === 2 ? "pending" : "approved",
      }),
    );
    await testDb().insert(mentors).values(values);
    const api = trpc(moderator.token).moderation;
    expect((await api.mentors.query({ search: surname, sort: "name" })).items.map((r) => r.firstName)).toEqual(["Anil", "Bina"]);
    expect((await api.mentors.query({ search: surname })).items.map((r) => r.firstName)).toEqual(["Anil", "Bina"]);
    expect((await api.mentors.query({ search: surname, sort: "oldest" })).items.map((r) => r.firstName)).toEqual(["Bina", "Anil"]);

    expect(await trpcOutcome(api.mentors.query({ sort: "rating" as never }))).toMatchObject({ status: 400, message: "Unknown sort order" });
    expect((await rest("GET", "/api/moderator/mentors?sort=rating", { token: moderator.token })).status).toBe(400);
    // The REST list keeps SPEC §7's answer, and takes the optional parameters too.
    const legacy = await rest("GET", `/api/moderator/mentors?search=${surname}&sort=name`, { token: moderator.token });
    expect(legacy.status).toBe(200);
    expect(legacy.body).toMatchObject({ total: 2, page: 1, pageSize: 20 });
    expect((legacy.body.mentors as { _id: string; firstName: string }[]).map((m) => m.firstName)).toEqual(["Anil", "Bina"]);
  });

  it("applicants: pending applications paged and searchable, oldest first by default; the REST mentor_requests stays the whole list", async () => {
    const moderator = await createModerator();
    const surname = uniqueName();
    const t0 = Date.now() - 60 * MINUTE;
    const inserted = await testDb()
      .insert(mentors)
      .values(
        ["Kavya", "Aarav", "Meher"].map((firstName, i) =>
          mentorRow({
            email: uniqueEmail(`applicant-${i}`),
            passwordHash: "x",
            firstName,
            lastName: surname,
            status: "pending",
            appliedAt: new Date(t0 + i * MINUTE),
          }),
        ),
      )
      .returning();
    const api = trpc(moderator.token).moderation;
    const page = await api.applicantsPage.query({ search: surname });
    expect(page).toMatchObject({ total: 3, page: 1, pageSize: 20 });
    expect(page.items.map((a) => a.firstName)).toEqual(["Kavya", "Aarav", "Meher"]);
    expect(page.items[0]).toMatchObject({ email: inserted[0].email, jobTitle: "Software Engineer", expertise: [], reapplication: false });
    expect((await api.applicantsPage.query({ search: surname, sort: "newest" })).items.map((a) => a.firstName)).toEqual([
      "Meher",
      "Aarav",
      "Kavya",
    ]);
    expect((await api.applicantsPage.query({ search: surname, sort: "name" })).items.map((a) => a.firstName)).toEqual([
      "Aarav",
      "Kavya",
      "Meher",
    ]);
    expect((await api.applicantsPage.query({ search: inserted[1].email })).items.map((a) => a.id)).toEqual([inserted[1].id]);

    const all = await rest("GET", "/api/moderator/mentor_requests", { token: moderator.token });
    const ids = (all.body.mentorRequests as { _id: string }[]).map((r) => r._id);
    expect(ids).toEqual(expect.arrayContaining(inserted.map((r) => r.id)));
    // The whole list, not a page; `allMentorRequests` is the same list under the original client's name.
    expect(Object.keys(all.body).sort()).toEqual(["allMentorRequests", "mentorRequests"]);
    expect(all.body.allMentorRequests).toEqual(all.body.mentorRequests);
  });

  it("audit log: found by the person's name or e-mail (target or moderator), newest or oldest first, counted as shown", async () => {
    const surname = uniqueName();
    const moderator = await createModerator({ firstName: "Auditor", lastName: surname });
    const [a, b] = await menteesNamed(surname, ["Rina", "Sohan"]);
    const api = trpc(moderator.token).moderation;
    await api.setBlocked.mutate({ role: "mentee", id: a.id, blocked: true, reason: "Spam messages." });
    await api.setBlocked.mutate({ role: "mentee", id: b.id, blocked: true, reason: "Abusive language." });
    await api.setBlocked.mutate({ role: "mentee", id: a.id, blocked: false, reason: "Cleared after review." });

    const ofRina = await api.audit.query({ search: `Rina ${surname}` });
    expect(ofRina.total).toBe(2);
    expect(ofRina.items.map((e) => e.reason)).toEqual(["Cleared after review.", "Spam messages."]);
    expect((await api.audit.query({ search: `Rina ${surname}`, sort: "oldest" })).items.map((e) => e.reason)).toEqual([
      "Spam messages.",
      "Cleared after review.",
    ]);
    const bySohansEmail = await api.audit.query({ search: b.email });
    expect(bySohansEmail.items.map((e) => e.target.name)).toEqual([`Sohan ${surname}`]);
    // The moderator's own name finds every action they took.
    expect((await api.audit.query({ search: `Auditor ${surname}` })).total).toBe(3);
    const legacy = await rest("GET", `/api/moderator/audit-log?search=${encodeURIComponent(b.email)}`, { token: moderator.token });
    expect(legacy.body).toMatchObject({ total: 1 });
  });
});

describe("seed: the demo mentors' photos and the demo mentor's hours", () => {
  it("every seeded mentor has a bundled photo, served as an SVG", async () => {
    const demo = await testDb().select({ email: mentors.email, key: mentors.profileImageKey }).from(mentors);
    const asha = demo.find((m) => m.email === "mentor@example.com");
    expect(asha?.key).toBe("/avatars/asha-rao.svg");
    const keys = new Map(demo.map((m) => [m.email, m.key]));
    for (const m of demoMentors) expect(keys.get(m.email), m.email).toMatch(/^\/avatars\/[a-z-]+\.svg$/);
    const served = await fetch(`${baseUrl()}/avatars/asha-rao.svg`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    expect(await served.text()).toMatch(/^<svg /);
  });

  it("the demo mentor's hand-made slots fall in her weekly hours (the session running now excepted)", async () => {
    const [asha] = await testDb().select().from(mentors).where(eq(mentors.email, "mentor@example.com"));
    const titled = await testDb()
      .select()
      .from(timeSlots)
      .where(and(eq(timeSlots.mentorId, asha.id), isNotNull(timeSlots.title)));
    const planned = titled.filter((s) => s.title !== "Live now: try the video call");
    expect(planned.map((s) => s.title).sort()).toEqual(["Career planning", "Mock interview", "System design review"]);
    const from = Math.min(...planned.map((s) => s.startAt.getTime())) - 1;
    const until = Math.max(...planned.map((s) => s.startAt.getTime())) + 1;
    const starts = new Set(expandWeeklyHours(DEMO_WEEKLY_HOURS, "Asia/Kolkata", from, until));
    for (const slot of planned) expect(starts.has(slot.startAt.getTime()), `${slot.title} at ${slot.startAt.toISOString()}`).toBe(true);
  });
});
