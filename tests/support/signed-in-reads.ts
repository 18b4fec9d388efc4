/**
 * The reads a signed-in person makes on her common screens, as paths on the built Worker
 * with the token to send: counted by tests/integration/database-trips.test.ts (one round trip each)
 * and timed at a distance by bench/db-distance.ts. One list, so the bench measures what CI guards.
 */
export type SignedIn = { id: string; token: string };

/** A signed-in read's round trips: the account check travels with the page's reads (ADR 0017). */
export const READ_TRIPS = 1;

/**
 * The most round trips each signed-in write makes before its answer (ADR 0017): the check
 * with the reads the write depends on, then the one write batch. A message and a mark-read are one: the batch
 * carries the check and the conversation's read, its writes guarded by them in SQL. A checkout start has a third: the pair's
 * claim must be written before Stripe is asked (so concurrent requests share one Checkout Session), and
 * the session Stripe answers is written after. bench/db-distance.ts fails over these;
 * tests/integration/database-trips.test.ts holds each.
 */
export const WRITE_TRIPS = {
  "mentee: book a slot": 2,
  "mentee: cancel a booking": 2,
  "mentee: move a booking": 2,
  "mentee: send a message": 1,
  "mentor: mark a conversation read": 1,
  "mentee: start a checkout": 3,
  "mentee: open her checkout again": 1,
} as const;
export type SignedInWrite = keyof typeof WRITE_TRIPS;
export type SignedInRead = { name: string; path: string; token: string };

const query = (path: string, input?: unknown) =>
  `/trpc/${path}${input === undefined ? "" : `?input=${encodeURIComponent(JSON.stringify(input))}`}`;

export function signedInReads(mentee: SignedIn, mentor: SignedIn, moderator: SignedIn): SignedInRead[] {
  const reads: [string, string, SignedIn][] = [
    ["mentee: her home", query("mentees.home", { searches: ["react"] }), mentee],
    ["mentee: her booked slots (REST)", `/api/mentees/booked-slots/${mentee.id}`, mentee],
    ["mentee: her bookings", query("scheduling.myBookings"), mentee],
    ["mentee: the bell", query("notifications.latest", { side: "mentee", limit: 20 }), mentee],
    ["mentee: unread messages", query("chat.unread", { side: "mentee" }), mentee],
    ["mentee: her inbox", query("chat.conversations", { side: "mentee", name: "" }), mentee],
    ["mentee: her zone", query("scheduling.timeZone"), mentee],
    ["mentor: his slots (REST)", `/api/mentors/available-timeslots/${mentor.id}`, mentor],
    ["mentor: his scheduler", query("scheduling.mySlots"), mentor],
    ["mentor: live sessions (dashboard)", query("scheduling.liveSessions"), mentor],
    ["mentor: enrollments chart (dashboard)", query("scheduling.dailyEnrollments"), mentor],
    ["mentor: recent sessions (dashboard)", query("attendance.recent"), mentor],
    ["moderator: the tickets", query("moderation.tickets", { page: 1 }), moderator],
    ["mentor: his inbox", query("chat.conversations", { side: "mentor", name: "" }), mentor],
    ["moderator: the home's counts", query("moderation.home", { timeZone: "Asia/Kolkata" }), moderator],
    ["moderator: the mentees list", query("moderation.mentees", { search: "", page: 1 }), moderator],
    ["moderator: the mentors list", query("moderation.mentors", {}), moderator],
  ];
  return reads.map(([name, path, who]) => ({ name, path, token: who.token }));
}
