import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { timeSlots } from "../../db/schema";
import { createMentee, createMentor, sessionFor, testDb } from "./accounts";
import { rest } from "./api";
import { type Role, seedSession } from "./browser";
import { insertEarning } from "./earnings";
import { createEnrollment, createModerator } from "./moderation";

/**
 * Every page of the app with who visits it (the 360 px check; the same world as tests/e2e/csp.test.ts):
 * fresh accounts of each role, a subscription, a conversation, an open slot and a session running now.
 */

const MINUTE = 60_000;
const ROUTES_DIR = fileURLToPath(new URL("../../src/routes/", import.meta.url));

/** Every page route of the app, as its file names it (`/mentees/connect/live/$sessionId`); layouts and the root are not pages. */
export function routeFiles(): string[] {
  return (readdirSync(ROUTES_DIR, { recursive: true }) as string[])
    .filter((f) => f.endsWith(".tsx") && !/(^|\/)(__root|route)\.tsx$/.test(f))
    .map((f) => `/${f.replace(/\.tsx$/, "").replace(/(^|\/)index$/, "")}`.replace(/\/$/, "") || "/")
    .sort();
}

export type World = Awaited<ReturnType<typeof makeWorld>>;

/** Fresh accounts of each role, with what their pages show: a subscription, a conversation, an open slot and a session running now. */
export async function makeWorld() {
  const [mentee, mentor, moderator] = await Promise.all([createMentee(), createMentor(), createModerator()]);
  // An applicant with long words, so the moderator's applicant cards are drawn (and measured at 360 px).
  await createMentor({
    status: "pending",
    jobTitle: "Principal Site Reliability Engineer",
    firmName: "Internationalisation Consultancy",
    bio: "Mentoring engineers on observability, incident response and platform engineering.",
  });
  await createEnrollment(mentee.id, mentor.id);
  const now = Date.now();
  // Its paid month, so her payments list and a receipt are drawn.
  const payment = await insertEarning(mentor.id, mentee.id, { paidAt: new Date(now - 60 * MINUTE) });
  const [live] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: mentor.id,
      menteeId: mentee.id,
      state: "booked",
      startAt: new Date(now - MINUTE),
      endAt: new Date(now + 59 * MINUTE),
      bookedAt: new Date(now),
    })
    .returning();
  await testDb()
    .insert(timeSlots)
    .values({ mentorId: mentor.id, state: "open", startAt: new Date(now + 26 * 60 * MINUTE), endAt: new Date(now + 27 * 60 * MINUTE) });
  // A completed session, for its shared notes page (ADR 0026).
  const [completed] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: mentor.id,
      menteeId: mentee.id,
      state: "booked",
      startAt: new Date(now - 180 * MINUTE),
      endAt: new Date(now - 120 * MINUTE),
      bookedAt: new Date(now - 600 * MINUTE),
      outcome: "completed",
      outcomeAt: new Date(now - 115 * MINUTE),
    })
    .returning();
  const tokens = {
    mentee: await sessionFor("mentee", mentee.email),
    mentor: await sessionFor("mentor", mentor.email),
    moderator: await sessionFor("moderator", moderator.email),
  };
  const opened = await rest("POST", "/api/chats/messages", {
    token: tokens.mentee.accessToken,
    body: { menteeId: mentee.id, mentorId: mentor.id },
  });
  const conversationId = (opened.body.conversations as { _id: string })._id;
  await rest("POST", `/api/chats/mentee-messages/${conversationId}`, {
    token: tokens.mentee.accessToken,
    body: { message: "Hello from the CSP test", sender: mentee.id },
  });
  const names = {
    mentee: `${mentee.firstName} ${mentee.lastName}`,
    mentor: `${mentor.firstName} ${mentor.lastName}`,
    moderator: `${moderator.firstName} ${moderator.lastName}`,
  };
  return {
    mentee,
    mentor,
    moderator,
    tokens,
    names,
    liveSlotId: live.id,
    completedSlotId: completed.id,
    conversationId,
    paymentId: payment.id,
  };
}

/** The role whose area a path is in (null: public). */
const roleOfPath = (path: string): Role | null =>
  path.startsWith("/mentees") ? "mentee" : path.startsWith("/mentors") ? "mentor" : path.startsWith("/moderator") ? "moderator" : null;

/**
 * Who visits each route, and at which address (read from the route tree). A route without
 * parameters is visited at its own path by its area's role (or signed out), so a new screen is
 * covered without editing this file; only routes with parameters, or that need a query or a
 * fragment to show something, are named here. A route with parameters that is missing here fails
 * the sweeps' "covers every route" test.
 */
export function visits(w: World): Record<string, { as: Role | null; url: string }> {
  const named: Record<string, string> = {
    "/browse/mentor/$search": "/browse/mentor/all",
    "/browse/mentor/profile/$id": `/browse/mentor/profile/${w.mentor.id}`,
    "/auth/login": "/auth/login?mentors",
    "/auth/mentee/googleauthsuccess": "/auth/mentee/googleauthsuccess#error=failed",
    "/auth/verify-email": "/auth/verify-email#token=not-a-real-token",
    "/mentees/browse/mentor/$search": "/mentees/browse/mentor/all",
    "/mentees/browse/mentor/profile/$id": `/mentees/browse/mentor/profile/${w.mentor.id}`,
    "/mentees/booking-confirmed/$slotId": `/mentees/booking-confirmed/${w.liveSlotId}`,
    "/mentees/connect/inbox/$conversationId": `/mentees/connect/inbox/${w.conversationId}`,
    "/mentees/connect/live/$sessionId": `/mentees/connect/live/${w.liveSlotId}`,
    "/mentees/payment/success/$paymentId": "/mentees/payment/success/cs_test_csp",
    "/mentees/receipts/$paymentId": `/mentees/receipts/${w.paymentId}`,
    "/mentees/schedules": `/mentees/schedules?mentorId=${w.mentor.id}`,
    "/mentors/connect/inbox/$conversationId": `/mentors/connect/inbox/${w.conversationId}`,
    "/mentors/connect/live/$sessionId": `/mentors/connect/live/${w.liveSlotId}`,
    "/mentees/sessions/$slotId/notes": `/mentees/sessions/${w.completedSlotId}/notes`,
    "/mentors/sessions/$slotId/notes": `/mentors/sessions/${w.completedSlotId}/notes`,
  };
  const routes = routeFiles().filter((route) => named[route] !== undefined || !route.includes("$"));
  return Object.fromEntries(routes.map((route) => [route, { as: roleOfPath(route), url: named[route] ?? route }]));
}

/** Who visits: signed out, then each role (for `it.each`). */
export const VISITORS = [
  ["signed out", null],
  ["as a mentee", "mentee"],
  ["as a mentor", "mentor"],
  ["as a moderator", "moderator"],
] as const;

/** The routes the visitor of `role` opens (null: signed out). */
export const routesOf = (w: World, role: Role | null) => Object.values(visits(w)).filter((v) => v.as === role);

/** Signs the page in as the world's account of a role (its local-storage record). */
export async function signInAs(page: Page, w: World, role: Role) {
  const t = w.tokens[role];
  await seedSession(page, role, { id: t.id, name: w.names[role], accessToken: t.accessToken, refreshToken: t.refreshToken });
}
