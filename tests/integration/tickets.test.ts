import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moderationActions, tickets } from "../../db/schema";
import { NOT_ELIGIBLE, TOO_MANY_OPEN_TICKETS } from "../../worker/tickets/tickets";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { createEnrollment, createModerator } from "../support/moderation";

/** Tickets from both sides, eligibility from enrollments, limits. */

const CONTENT = "The mentor missed two booked sessions in a row.";

async function pair(enrollment: "active" | "past" | "never-paid" | "none" = "active") {
  const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
  if (enrollment === "active") await createEnrollment(mentee.id, mentor.id);
  if (enrollment === "past")
    await createEnrollment(mentee.id, mentor.id, {
      status: "expired",
      activatedAt: new Date(Date.now() - 90 * 86_400_000),
      endedAt: new Date(Date.now() - 60 * 86_400_000),
    });
  if (enrollment === "never-paid") await createEnrollment(mentee.id, mentor.id, { status: "abandoned", activatedAt: null });
  return { mentee, mentor, menteeToken: await accessTokenFor("mentee", mentee.id), mentorToken: await accessTokenFor("mentor", mentor.id) };
}

const raiseAsMentee = (p: Awaited<ReturnType<typeof pair>>, content = CONTENT, accusedId = p.mentor.id) =>
  rest("POST", `/api/mentees/raise-ticket/${p.mentee.id}`, { token: p.menteeToken, body: { complaint: { accusedId }, content } });

describe("raising a ticket", () => {
  it("a mentee raises one against a mentor she subscribes to, and sees it with its status", async () => {
    const p = await pair();
    const raised = await raiseAsMentee(p);
    expect(raised).toMatchObject({ status: 201, body: { ticketId: expect.any(String) } });
    const mine = await rest("GET", `/api/mentees/raise-ticket/${p.mentee.id}`, { token: p.menteeToken });
    expect(mine).toMatchObject({
      status: 200,
      body: {
        listOfTickets: [{ id: raised.body.ticketId, status: "open", content: CONTENT, accused: { id: p.mentor.id, role: "mentor" } }],
      },
    });
  });

  it("a mentor raises one against a mentee who subscribed to him (past subscriptions count), through ticketObject", async () => {
    const p = await pair("past");
    const raised = await rest("POST", `/api/mentors/raise-ticket/${p.mentor.id}`, {
      token: p.mentorToken,
      body: { ticketObject: { complaint: { accusedId: p.mentee.id }, content: "No-shows for three booked sessions." } },
    });
    expect(raised.status).toBe(201);
    const mine = await rest("GET", `/api/mentors/raise-ticket/${p.mentor.id}`, { token: p.mentorToken });
    expect(mine.body.listOfTickets).toEqual([
      expect.objectContaining({ status: "open", accused: expect.objectContaining({ id: p.mentee.id, role: "mentee" }) }),
    ]);
    expect(await trpc(p.mentorToken).tickets.candidates.query()).toEqual([expect.objectContaining({ id: p.mentee.id, role: "mentee" })]);
    expect(await trpc(p.menteeToken).tickets.candidates.query()).toEqual([expect.objectContaining({ id: p.mentor.id, role: "mentor" })]);
  });

  it("is refused about someone the reporter never had a paid subscription with, and the candidates list only those who count", async () => {
    for (const kind of ["none", "never-paid"] as const) {
      const p = await pair(kind);
      expect(await raiseAsMentee(p)).toEqual({ status: 403, body: errorBody(NOT_ELIGIBLE) });
      expect(await trpc(p.menteeToken).tickets.candidates.query()).toEqual([]);
    }
    const p = await pair();
    const stranger = await createMentee();
    const asMentor = await rest("POST", `/api/mentors/raise-ticket/${p.mentor.id}`, {
      token: p.mentorToken,
      body: { ticketObject: { complaint: { accusedId: stranger.id }, content: CONTENT } },
    });
    expect(asMentor).toEqual({ status: 403, body: errorBody(NOT_ELIGIBLE) });
  });

  it("takes the reporter from the token: another user's id in the path is refused; moderators and anonymous callers cannot raise", async () => {
    const p = await pair();
    const other = await createMentee();
    expect(
      (
        await rest("POST", `/api/mentees/raise-ticket/${other.id}`, {
          token: p.menteeToken,
          body: { complaint: { accusedId: p.mentor.id }, content: CONTENT },
        })
      ).status,
    ).toBe(403);
    expect((await rest("GET", `/api/mentees/raise-ticket/${other.id}`, { token: p.menteeToken })).status).toBe(403);
    expect(
      (
        await rest("POST", `/api/mentees/raise-ticket/${p.mentee.id}`, {
          body: { complaint: { accusedId: p.mentor.id }, content: CONTENT },
        })
      ).status,
    ).toBe(401);
    const moderator = await createModerator();
    expect(
      (await trpcOutcome(trpc(moderator.token).tickets.raise.mutate({ complaint: { accusedId: p.mentor.id }, content: CONTENT }))).status,
    ).toBe(403);
  });

  it("needs 10 to 2,000 characters of content and someone to be about", async () => {
    const p = await pair();
    expect(await raiseAsMentee(p, "Too short")).toEqual({
      status: 400,
      body: errorBody("Please describe what happened in at least 10 characters"),
    });
    expect(await raiseAsMentee(p, "x".repeat(2001))).toEqual({
      status: 400,
      body: errorBody("Please keep it to at most 2,000 characters"),
    });
    expect(
      (await rest("POST", `/api/mentees/raise-ticket/${p.mentee.id}`, { token: p.menteeToken, body: { content: CONTENT } })).status,
    ).toBe(400);
    expect((await raiseAsMentee(p, "Ten chars!")).status).toBe(201);
    expect((await raiseAsMentee(p, "y".repeat(2000))).status).toBe(201);
  });

  it("allows at most 5 open tickets per reporter, even when sent at once; a resolved one frees a place", async () => {
    const p = await pair();
    const results = await Promise.all(Array.from({ length: 8 }, () => raiseAsMentee(p)));
    expect(results.filter((r) => r.status === 201)).toHaveLength(5);
    expect(results.filter((r) => r.status === 429).map((r) => r.body)).toEqual(Array(3).fill(errorBody(TOO_MANY_OPEN_TICKETS)));
    const moderator = await createModerator();
    await trpc(moderator.token).moderation.dismissTicket.mutate({
      ticketId: results.find((r) => r.status === 201)!.body.ticketId as string,
      note: "Duplicate.",
    });
    expect((await raiseAsMentee(p)).status).toBe(201);
    expect((await raiseAsMentee(p)).status).toBe(429);
  });
});

describe("moderating a ticket", () => {
  it("lists open tickets first with reporter and accused; Block user blocks the accused and resolves the ticket, once", async () => {
    const p = await pair();
    const moderator = await createModerator();
    const { ticketId } = (await raiseAsMentee(p)).body as { ticketId: string };
    // Every page: open tickets (oldest first) before any resolved one.
    const listed: { id: string; status: string }[] = [];
    for (let page = 1; ; page++) {
      const answer = await rest("GET", `/api/moderator/tickets?page=${page}`, { token: moderator.token });
      listed.push(...(answer.body.responseFromDb as { id: string; status: string }[]));
      if (listed.length >= (answer.body.total as number)) break;
    }
    const statuses = listed.map((t) => t.status);
    expect(statuses.lastIndexOf("open")).toBeLessThan(statuses.includes("resolved") ? statuses.indexOf("resolved") : Infinity);
    expect(listed.find((t) => t.id === ticketId)).toMatchObject({
      status: "open",
      content: CONTENT,
      reporter: { role: "mentee", id: p.mentee.id, name: `${p.mentee.firstName} ${p.mentee.lastName}` },
      accused: { role: "mentor", id: p.mentor.id, isBlocked: false },
    });

    const blocked = await rest("PATCH", "/api/moderator/tickets", { token: moderator.token, body: { ticketId } });
    expect(blocked).toMatchObject({ status: 200, body: { message: "User Blocked", accused: { role: "mentor", id: p.mentor.id } } });
    expect((await trpcOutcome(trpc(p.mentorToken).auth.session.query())).status).toBe(403);
    const [row] = await testDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: "resolved", resolution: "blocked", resolvedBy: moderator.id });
    const audit = await testDb().select().from(moderationActions).where(eq(moderationActions.ticketId, ticketId));
    expect(audit.map((a) => a.action).sort()).toEqual(["block", "resolve_ticket_block"]);
    expect((await rest("PATCH", "/api/moderator/tickets", { token: moderator.token, body: { ticketId } })).status).toBe(409);
    const mine = await trpc(p.menteeToken).tickets.mine.query();
    expect(mine[0]).toMatchObject({ id: ticketId, status: "resolved" });
  });

  it("Dismiss resolves with a note and leaves the accused alone", async () => {
    const p = await pair();
    const moderator = await createModerator();
    const { ticketId } = (await raiseAsMentee(p)).body as { ticketId: string };
    expect((await rest("PATCH", "/api/moderator/tickets_dismiss", { token: moderator.token, body: { ticketId } })).status).toBe(400);
    const dismissed = await rest("PATCH", "/api/moderator/tickets_dismiss", {
      token: moderator.token,
      body: { ticketId, note: "Scheduling dispute, no rule broken." },
    });
    expect(dismissed).toMatchObject({ status: 200, body: { message: "Ticket dismissed" } });
    expect((await trpcOutcome(trpc(p.mentorToken).auth.session.query())).status).toBe(200);
    const [row] = await testDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(row).toMatchObject({ status: "resolved", resolution: "dismissed", resolutionNote: "Scheduling dispute, no rule broken." });
    expect(await testDb().select().from(moderationActions).where(eq(moderationActions.ticketId, ticketId))).toEqual([
      expect.objectContaining({
        action: "dismiss_ticket",
        moderatorId: moderator.id,
        targetId: p.mentor.id,
        reason: "Scheduling dispute, no rule broken.",
      }),
    ]);
    expect((await rest("PATCH", "/api/moderator/tickets", { token: moderator.token, body: { ticketId } })).status).toBe(409);
  });
});
