import { createClient } from "@libsql/client/web";
import { eq, inArray } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { DEFAULT_RETRY } from "../../db/busy-retry";
import { enrollments, mentees, mentorSkills, mentors, reviews } from "../../db/schema";
import { accessTokenFor, createMentee, createMentor, menteeSignup, mentorApplication, testDb } from "../support/accounts";
import { rest } from "../support/api";
import { useProxiedStack } from "../support/proxied-stack";

const BURST = 50;

/**
 * Bursts of concurrent writes against one database. Before the busy retry (db/busy-retry.ts), 13 of
 * 20 simultaneous mentor applications answered 500 "database is locked".
 */
describe("concurrent writes wait their turn", { timeout: 90_000 }, () => {
  it(`${BURST} mentor applications at once all succeed, each with all its skills`, async () => {
    const applications = Array.from({ length: BURST }, (_, i) => mentorApplication({ expertise: [`Skill ${i}`, "Go", "Rust"] }));
    const responses = await Promise.all(applications.map((body) => rest("POST", "/api/mentors/register", { body })));
    expect(responses.map((r) => r.status)).toEqual(Array(BURST).fill(201));
    const emails = applications.map((a) => a.email as string);
    const rows = await testDb().select({ id: mentors.id, status: mentors.status }).from(mentors).where(inArray(mentors.email, emails));
    expect(rows).toHaveLength(BURST);
    expect(rows.every((r) => r.status === "pending")).toBe(true);
    const skills = await testDb()
      .select({ mentorId: mentorSkills.mentorId })
      .from(mentorSkills)
      .where(
        inArray(
          mentorSkills.mentorId,
          rows.map((r) => r.id),
        ),
      );
    expect(skills).toHaveLength(BURST * 3);
  });

  it(`${BURST} mentee registrations at once all succeed; a duplicate in the burst gets one 201 and clean 409s`, async () => {
    const signups = Array.from({ length: BURST }, () => menteeSignup());
    const twin = menteeSignup();
    const responses = await Promise.all([...signups, twin, twin, twin].map((body) => rest("POST", "/api/mentees/register", { body })));
    expect(responses.slice(0, BURST).map((r) => r.status)).toEqual(Array(BURST).fill(201));
    expect(
      responses
        .slice(BURST)
        .map((r) => r.status)
        .sort(),
    ).toEqual([201, 409, 409]);
    const rows = await testDb()
      .select({ id: mentees.id })
      .from(mentees)
      .where(
        inArray(
          mentees.email,
          [...signups, twin].map((s) => s.email as string),
        ),
      );
    expect(rows).toHaveLength(BURST + 1);
  });

  it(`${BURST} mentees review one mentor at once: every review is kept and the mentor's average counts them all`, async () => {
    const mentor = await createMentor();
    const reviewers = await Promise.all(Array.from({ length: BURST }, () => createMentee()));
    await testDb()
      .insert(enrollments)
      .values(reviewers.map((m) => ({ menteeId: m.id, mentorId: mentor.id, status: "expired" as const, amountPaise: 100_000 })));
    const tokens = await Promise.all(reviewers.map((m) => accessTokenFor("mentee", m.id)));
    const ratings = reviewers.map((_, i) => (i % 5) + 1);
    const responses = await Promise.all(
      tokens.map((t, i) =>
        fetch(`${inject("baseUrl")}/trpc/reviews.save`, {
          method: "POST",
          headers: { "content-type": "application/json", authorization: `Bearer ${t}` },
          body: JSON.stringify({ mentorId: mentor.id, rating: ratings[i], text: `Review ${i}` }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(BURST).fill(200));
    const [row] = await testDb()
      .select({ sum: mentors.ratingSum, count: mentors.ratingCount })
      .from(mentors)
      .where(eq(mentors.id, mentor.id));
    expect(row).toEqual({ sum: ratings.reduce((s, r) => s + r, 0), count: BURST });
    expect(await testDb().$count(reviews, eq(reviews.mentorId, mentor.id))).toBe(BURST);
  });
});

describe("a busy or overloaded database", () => {
  it("a write waits while another writer holds the lock, then succeeds", async () => {
    const client = createClient({ url: inject("dbUrl") });
    const tx = await client.transaction("write");
    await tx.execute("update moderators set first_name = first_name where 0");
    const pending = rest("POST", "/api/mentees/register", { body: menteeSignup() });
    await new Promise((r) => setTimeout(r, 300));
    await tx.rollback();
    client.close();
    expect((await pending).status).toBe(201);
  });

  describe("when the database keeps answering 429 through every retry", () => {
    const proxied = useProxiedStack();

    it("REST answers 503 with Retry-After and a message after a bounded number of attempts, and works again once the database recovers", async () => {
      const body = menteeSignup();
      const send = () =>
        fetch(`${proxied.stack().baseUrl}/api/mentees/register`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
      proxied.proxy().overloaded(true);
      const before = proxied.proxy().requests();
      const response = await send();
      proxied.proxy().overloaded(false);
      expect(response.status).toBe(503);
      expect(Number(response.headers.get("retry-after"))).toBeGreaterThan(0);
      const answer = (await response.json()) as { message: string; error: string };
      expect(answer.message).toMatch(/Nothing was saved; please try again/);
      expect(answer.error).toBe(answer.message);
      expect(proxied.proxy().requests() - before).toBe(DEFAULT_RETRY.attempts);
      expect(await testDb().$count(mentees, eq(mentees.email, body.email as string))).toBe(0);
      expect((await send()).status).toBe(201);
    });

    it("tRPC answers 503 in its own error shape with Retry-After", async () => {
      proxied.proxy().overloaded(true);
      const response = await fetch(`${proxied.stack().baseUrl}/trpc/mentors.search?input=${encodeURIComponent("{}")}`);
      proxied.proxy().overloaded(false);
      expect(response.status).toBe(503);
      expect(response.headers.get("retry-after")).not.toBeNull();
      const answer = (await response.json()) as { error: { message: string; data: { code: string } } };
      expect(answer.error.data.code).toBe("SERVICE_UNAVAILABLE");
      expect(answer.error.message).toMatch(/try again/);
    });

    it("a signed-in call (the account check reads the database first) is a 503 too, not a 500 or a sign-out", async () => {
      const mentee = await createMentee();
      const token = await accessTokenFor("mentee", mentee.id);
      proxied.proxy().overloaded(true);
      const response = await fetch(`${proxied.stack().baseUrl}/api/mentees/edit-profile/${mentee.id}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      proxied.proxy().overloaded(false);
      expect(response.status).toBe(503);
    });
  });
});
