import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { moderators } from "../../db/schema";
import { BLOCKED_MESSAGE } from "../../worker/accounts/accounts";
import { accessTokenFor, createMentee, createMentor, testDb } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";
import { createModerator } from "../support/moderation";

/** Every /api/moderator path and every moderation procedure, for each identity. Only moderators pass. */

const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** Each path of SPEC §7 Moderator (and the new ones), with a body a moderator could send; `ok` is a moderator's status. */
const paths: { method: string; path: string; body?: unknown; ok: number }[] = [
  { method: "GET", path: "/api/moderator/mentees", ok: 200 },
  { method: "GET", path: "/api/moderator/mentors", ok: 200 },
  { method: "GET", path: "/api/moderator/mentor_requests", ok: 200 },
  { method: "PATCH", path: "/api/moderator/mentees_status_change", body: { menteeId: UNKNOWN }, ok: 404 },
  { method: "PATCH", path: "/api/moderator/mentor_status_change", body: { mentorId: UNKNOWN }, ok: 404 },
  {
    method: "PATCH",
    path: "/api/moderator/mentor_request_accept",
    body: { mentorId: UNKNOWN, mentorName: "X", mentorEmail: "x@example.com" },
    ok: 404,
  },
  { method: "PATCH", path: "/api/moderator/mentor_request_reject", body: { mentorId: UNKNOWN, reason: "Not enough experience." }, ok: 404 },
  { method: "GET", path: "/api/moderator/tickets", ok: 200 },
  { method: "PATCH", path: "/api/moderator/tickets", body: { ticketId: UNKNOWN }, ok: 404 },
  { method: "PATCH", path: "/api/moderator/tickets_dismiss", body: { ticketId: UNKNOWN, note: "Nothing to act on." }, ok: 404 },
  { method: "GET", path: "/api/moderator/daily-enrollments", ok: 200 },
  { method: "GET", path: "/api/moderator/daily-new-mentees", ok: 200 },
  { method: "GET", path: "/api/moderator/audit-log", ok: 200 },
];

type Identity = "anonymous" | "mentee" | "mentor" | "moderator" | "blocked moderator";
const tokens: Partial<Record<Identity, string>> = {};

beforeAll(async () => {
  const [mentee, mentor, moderator, blocked] = await Promise.all([createMentee(), createMentor(), createModerator(), createModerator()]);
  tokens.mentee = await accessTokenFor("mentee", mentee.id);
  tokens.mentor = await accessTokenFor("mentor", mentor.id);
  tokens.moderator = moderator.token;
  tokens["blocked moderator"] = blocked.token;
  // An operator blocks a moderator by hand (there is no admin screen); the token is refused at once.
  await testDb().update(moderators).set({ isBlocked: true }).where(eq(moderators.id, blocked.id));
});

const refused: Record<Exclude<Identity, "moderator">, { status: number; message: RegExp | string }> = {
  anonymous: { status: 401, message: "Please sign in to continue." },
  mentee: { status: 403, message: "This is only available to moderators." },
  mentor: { status: 403, message: "This is only available to moderators." },
  "blocked moderator": { status: 403, message: BLOCKED_MESSAGE },
};

describe("REST: every moderator path", () => {
  for (const p of paths) {
    it(`${p.method} ${p.path}: only an active moderator`, async () => {
      for (const [who, expected] of Object.entries(refused)) {
        const answer = await rest(p.method, p.path, { body: p.body, token: tokens[who as Identity] });
        expect({ who, status: answer.status, message: answer.body.message }).toEqual({
          who,
          status: expected.status,
          message: expected.message,
        });
      }
      const answer = await rest(p.method, p.path, { body: p.body, token: tokens.moderator });
      expect({ status: answer.status, body: answer.body }).toMatchObject({ status: p.ok });
    });
  }

  it("answers the legacy field names to a moderator", async () => {
    const token = tokens.moderator;
    expect((await rest("GET", "/api/moderator/mentees", { token })).body).toMatchObject({
      mentees: expect.any(Array),
      total: expect.any(Number),
      page: 1,
    });
    expect((await rest("GET", "/api/moderator/mentors", { token })).body).toMatchObject({ mentors: expect.any(Array) });
    expect((await rest("GET", "/api/moderator/mentor_requests", { token })).body).toMatchObject({ mentorRequests: expect.any(Array) });
    expect((await rest("GET", "/api/moderator/tickets", { token })).body).toMatchObject({
      responseFromDb: expect.any(Array),
      open: expect.any(Number),
    });
    expect((await rest("GET", "/api/moderator/daily-enrollments", { token })).body.dailyEnrollmentData).toHaveLength(30);
    expect((await rest("GET", "/api/moderator/daily-new-mentees", { token })).body.newMenteeDetail).toHaveLength(30);
    expect((await rest("GET", "/api/moderator/audit-log", { token })).body).toMatchObject({ auditLog: expect.any(Array) });
  });
});

describe("tRPC: every moderation procedure", () => {
  const calls: Record<string, (token?: string) => Promise<unknown>> = {
    home: (t) => trpc(t).moderation.home.query({}),
    mentees: (t) => trpc(t).moderation.mentees.query({}),
    mentors: (t) => trpc(t).moderation.mentors.query({}),
    applicants: (t) => trpc(t).moderation.applicants.query(),
    applicantsPage: (t) => trpc(t).moderation.applicantsPage.query({ search: "x", sort: "name" }),
    setBlocked: (t) => trpc(t).moderation.setBlocked.mutate({ role: "mentee", id: UNKNOWN, blocked: true, reason: "Spam." }),
    toggleMentee: (t) => trpc(t).moderation.toggleMentee.mutate({ menteeId: UNKNOWN }),
    toggleMentor: (t) => trpc(t).moderation.toggleMentor.mutate({ mentorId: UNKNOWN }),
    acceptApplicant: (t) => trpc(t).moderation.acceptApplicant.mutate({ mentorId: UNKNOWN }),
    rejectApplicant: (t) => trpc(t).moderation.rejectApplicant.mutate({ mentorId: UNKNOWN, reason: "No." }),
    tickets: (t) => trpc(t).moderation.tickets.query({}),
    blockFromTicket: (t) => trpc(t).moderation.blockFromTicket.mutate({ ticketId: UNKNOWN }),
    dismissTicket: (t) => trpc(t).moderation.dismissTicket.mutate({ ticketId: UNKNOWN, note: "No." }),
    dailyEnrollments: (t) => trpc(t).moderation.dailyEnrollments.query({ timeZone: "Asia/Kolkata" }),
    dailyNewMentees: (t) => trpc(t).moderation.dailyNewMentees.query({}),
    audit: (t) => trpc(t).moderation.audit.query({}),
    moderators: (t) => trpc(t).moderation.moderators.query(),
  };

  for (const [name, call] of Object.entries(calls)) {
    it(`moderation.${name}: only an active moderator`, async () => {
      for (const [who, expected] of Object.entries(refused)) {
        const outcome = await trpcOutcome(call(tokens[who as Identity]));
        expect({ who, status: outcome.status, message: outcome.message }).toEqual({
          who,
          status: expected.status,
          message: expected.message,
        });
      }
      const outcome = await trpcOutcome(call(tokens.moderator));
      expect([200, 404]).toContain(outcome.status);
    });
  }

  it("refuses an unknown time zone with a 400 that says so", async () => {
    expect(await trpcOutcome(trpc(tokens.moderator).moderation.dailyEnrollments.query({ timeZone: "Mars/Olympus" }))).toMatchObject({
      status: 400,
      message: "Unknown time zone",
    });
    expect((await rest("GET", "/api/moderator/daily-new-mentees?timeZone=Nowhere", { token: tokens.moderator })).status).toBe(400);
  });
});
