import type { Role } from "../../db/schema";
import type { createCaller } from "../trpc/router";
import { legacyConversation, legacyMessage, legacyParticipants } from "./legacy-chat";
import { legacyApplicant, legacyPage } from "./legacy-moderation";
import { legacyLiveSession, legacyMentee, legacyMentor, legacyMenteeSubscription, legacyMentorProfile, legacyMentorSubscriber, legacySlot } from "./legacy-shapes";

type Caller = ReturnType<typeof createCaller>;

export type RestRequest = { params: Record<string, string>; query: Record<string, string>; body: Record<string, unknown> };

export type RestRoute = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  /** Path under /api, with `:name` parameters. */
  path: string;
  /** 200 unless given. */
  status?: number;
  call: (caller: Caller, request: RestRequest) => Promise<unknown>;
};

/** Each SPEC §7 path, its request field names and its response field names, mapped onto a procedure. */
function row<T>(
  method: RestRoute["method"],
  path: string,
  call: (caller: Caller, request: RestRequest) => Promise<T>,
  output: (result: T) => unknown = (result) => result,
  status?: number,
): RestRoute {
  return { method, path, status, call: async (caller, request) => output(await call(caller, request)) };
}

const areaPath: Record<Role, string> = { mentee: "mentees", mentor: "mentors", moderator: "moderator" };

type LoginResult = Awaited<ReturnType<Caller["auth"]["login"]>>;
const loginShapes: Record<Role, (r: LoginResult) => unknown> = {
  mentee: (r) => ({
    message: r.message,
    accessToken: r.accessToken,
    refreshToken: r.refreshToken,
    menteeId: r.user.id,
    menteeName: r.user.name,
    profileImageUrl: r.user.profileImageUrl,
  }),
  mentor: (r) => ({
    message: r.message,
    mentorAccessToken: r.accessToken,
    mentorRefreshToken: r.refreshToken,
    mentorId: r.user.id,
    mentorName: r.user.name,
    profileImageUrl: r.user.profileImageUrl,
  }),
  moderator: (r) => ({
    message: r.message,
    moderatorAccessToken: r.accessToken,
    moderatorRefreshToken: r.refreshToken,
    moderatorId: r.user.id,
    moderatorName: r.user.name,
  }),
};

const accountRows = (role: Role): RestRoute[] => [
  row("POST", `/${areaPath[role]}/login`, (c, { body }) => c.auth.login({ ...body, role } as never), loginShapes[role]),
  row("POST", `/${areaPath[role]}/logout`, (c) => c.auth.logout({ role })),
  // No rotation here: a legacy client keeps its first refresh token (ADR 0005).
  row("POST", `/${areaPath[role]}/regenerate_access_token`, (c, { body }) => c.auth.renew({ ...body, role } as never)),
];

/** Password reset by e-mailed code (issue 12); sent-otp answers the same whether or not the account exists. */
const resetRows = (role: "mentee" | "mentor"): RestRoute[] => [
  row("POST", `/${areaPath[role]}/sent-otp`, (c, { body }) => c.password.requestResetCode({ ...body, role } as never)),
  row("POST", `/${areaPath[role]}/verify-otp`, (c, { body }) => c.password.resetPassword({ ...body, role } as never)),
];

type Side = "mentee" | "mentor";

/**
 * Chat of one side (SPEC §7 Chat): `/chats/mentee-messages` for mentees, `/chats/mentor-messages` for
 * mentors. A missing conversation id is a 400 "No conversation id".
 */
const chatRows = (side: Side): RestRoute[] => {
  const base = `/chats/${side}-messages`;
  const ownKey = side === "mentee" ? "menteeId" : "mentorId";
  const nameKey = side === "mentee" ? "mentorName" : "menteeName";
  const str = (value: unknown) => (typeof value === "string" ? value : undefined);
  const missingId = (c: Caller) => c.chat.markRead({ conversationId: "", side });
  return [
    row("POST", `${base}/:conversationId`, (c, { params, body }) => c.chat.send({ ...body, conversationId: params.conversationId, side } as never), (r) => ({
      responseFromMessageCreation: legacyMessage(r.message),
      conversation: legacyParticipants(r.conversation),
    }), 201),
    row("POST", base, (c, { query, body }) => c.chat.conversations({ ownerId: str(body[ownKey]), name: query[nameKey], side }), (list) => ({ conversations: list.map(legacyConversation) })),
    row("GET", base, (c, { query }) => c.chat.unread({ ownerId: query[ownKey], side })),
    row("GET", `${base}/`, missingId),
    row("GET", `${base}/:conversationId`, (c, { params, query }) => c.chat.messages({ conversationId: params.conversationId, cursor: query.before, side }), (page) => ({
      messages: page.messages.map(legacyMessage),
      nextCursor: page.nextCursor,
    })),
    row("PATCH", base, missingId),
    row("PATCH", `${base}/:conversationId`, (c, { params }) => c.chat.markRead({ conversationId: params.conversationId, side }), (r) => ({ message: "Marked as read", ...r })),
  ];
};

/** The bell (SPEC §7 notifications): GET reads `notifications`, PATCH with no body marks them read. */
const notificationRows = (side: Side): RestRoute[] => {
  const base = `/${areaPath[side]}/notifications`;
  const ownKey = side === "mentee" ? "menteeId" : "mentorId";
  const list = (c: Caller, ownerId: string | undefined) => c.notifications.latest({ ownerId, side, limit: 20 });
  return [
    row("GET", base, (c, { query }) => list(c, query[ownKey])),
    row("GET", `${base}/:ownerId`, (c, { params }) => list(c, params.ownerId)),
    row("PATCH", `${base}/:ownerId`, (c, { params }) => c.notifications.markAllRead({ ownerId: params.ownerId, side }), (r) => ({ message: "Notifications marked as read", ...r })),
  ];
};

export const restRoutes: RestRoute[] = [
  ...accountRows("mentee"),
  ...accountRows("mentor"),
  ...accountRows("moderator"),
  ...resetRows("mentee"),
  ...resetRows("mentor"),
  row("POST", "/mentees/change-password", (c, { body }) => c.password.change(body as never)),
  row("POST", "/mentors/change-password", (c, { body }) => c.password.change(body as never)),
  row("POST", "/mentees/register", (c, { body }) => c.auth.registerMentee(body as never), undefined, 201),
  row("POST", "/mentors/register", (c, { body }) => c.auth.applyAsMentor(body as never), undefined, 201),
  row("GET", "/mentees/mentors", (c, { query }) => c.mentors.search(query as never), (cards) => ({ mentorsSearchResult: cards.map(legacyMentor) })),
  row("GET", "/mentees/mentor/profile/:mentorId", (c, { params }) => c.mentors.profile({ mentorId: params.mentorId }), (r) => ({
    mentorData: legacyMentorProfile(r.mentor),
    isEnrollmentActive: r.isEnrollmentActive,
  })),
  row("GET", "/mentees/edit-profile/:menteeId", (c, { params }) => c.mentees.profile({ menteeId: params.menteeId }), (p) => ({ menteeProfileDetails: legacyMentee(p) })),
  row("PATCH", "/mentees/edit-profile/:menteeId", (c, { params, body }) => c.mentees.updateProfile({ ...body, menteeId: params.menteeId } as never), (p) => ({
    message: "Updation success",
    menteeProfileDetails: legacyMentee(p),
  })),
  row("GET", "/mentors/edit-profile/:mentorId", (c, { params }) => c.mentors.myProfile({ mentorId: params.mentorId }), (p) => ({ profileData: legacyMentorProfile(p) })),
  row("PATCH", "/mentors/edit-profile/:mentorId", (c, { params, body }) => c.mentors.updateProfile({ ...body, mentorId: params.mentorId } as never), (p) => ({
    message: "Profile Updated successfully",
    profileData: legacyMentorProfile(p),
  })),
  row("PATCH", "/mentors/add-new-skill/:mentorId", (c, { params, body }) => c.mentors.addSkills({ ...body, mentorId: params.mentorId } as never), (expertise) => ({
    message: "Skill Added",
    expertise,
  })),
  row("POST", "/mentors/add-new-skill/:mentorId", (c, { params, body }) => c.mentors.removeSkill({ ...body, mentorId: params.mentorId } as never), (expertise) => ({
    message: "Skill Deleted successfully",
    expertise,
  })),
  // Subscribe and pay (issue 7). Amounts in rupees; the ids in paths must be the caller's own.
  row("GET", "/mentees/stripe-config", (c) => c.payments.config()),
  row("POST", "/mentees/create-payment-intent", (c, { body }) => c.payments.createPaymentIntent(body)),
  row("POST", "/mentees/create-checkout", (c, { body }) => c.payments.createCheckout(body as never), (r) => ({ url: r.url }), 201),
  row("POST", "/mentees/enrollment-success", (c, { body }) => c.payments.enrollmentStatus(body as never)),
  row("GET", "/mentees/subscribed-mentors", (c) => c.subscriptions.mine({}), (list) => ({ allMentorsSubscribed: list.map(legacyMenteeSubscription) })),
  row("GET", "/mentees/subscribed-mentors/:menteeId", (c, { params }) => c.subscriptions.mine({ menteeId: params.menteeId }), (list) => ({
    allMentorsSubscribed: list.map(legacyMenteeSubscription),
  })),
  row("GET", "/mentors/subscribed-mentees", (c) => c.subscriptions.subscribers({}), (list) => ({ enrolledMentees: list.map(legacyMentorSubscriber) })),
  row("GET", "/mentors/subscribed-mentees/:mentorId", (c, { params }) => c.subscriptions.subscribers({ mentorId: params.mentorId }), (list) => ({
    enrolledMentees: list.map(legacyMentorSubscriber),
  })),
  // Moderation (issue 11): only moderators on every /moderator path; the moderator is the token's.
  row("GET", "/moderator/mentees", (c, { query }) => c.moderation.mentees(query as never), (r) => legacyPage("mentees", r)),
  row("GET", "/moderator/mentors", (c, { query }) => c.moderation.mentors(query as never), (r) => legacyPage("mentors", r)),
  row("GET", "/moderator/mentor_requests", (c) => c.moderation.applicants(), (list) => ({ mentorRequests: list.map(legacyApplicant) })),
  row("PATCH", "/moderator/mentees_status_change", (c, { body }) => c.moderation.toggleMentee(body as never)),
  row("PATCH", "/moderator/mentor_status_change", (c, { body }) => c.moderation.toggleMentor(body as never)),
  row("PATCH", "/moderator/mentor_request_accept", (c, { body }) => c.moderation.acceptApplicant(body as never)),
  row("PATCH", "/moderator/mentor_request_reject", (c, { body }) => c.moderation.rejectApplicant(body as never)),
  row("GET", "/moderator/tickets", (c, { query }) => c.moderation.tickets(query as never), ({ items, ...page }) => ({ responseFromDb: items, ...page })),
  row("PATCH", "/moderator/tickets", (c, { body }) => c.moderation.blockFromTicket(body as never)),
  row("PATCH", "/moderator/tickets_dismiss", (c, { body }) => c.moderation.dismissTicket(body as never)),
  row("GET", "/moderator/daily-enrollments", (c, { query }) => c.moderation.dailyEnrollments(query as never), (days) => ({ dailyEnrollmentData: days })),
  row("GET", "/moderator/daily-new-mentees", (c, { query }) => c.moderation.dailyNewMentees(query as never), (days) => ({ newMenteeDetail: days })),
  row("GET", "/moderator/audit-log", (c, { query }) => c.moderation.audit(query as never), ({ items, ...page }) => ({ auditLog: items, ...page })),
  // Tickets from both sides (SPEC §7): the reporter is the token's; a path id must be the caller's own.
  row("POST", "/mentees/raise-ticket/:menteeId", (c, { params, body }) => c.tickets.raise({ ...body, reporterId: params.menteeId } as never), undefined, 201),
  row("GET", "/mentees/raise-ticket/:menteeId", (c, { params }) => c.tickets.mine({ reporterId: params.menteeId }), (list) => ({ listOfTickets: list })),
  row("POST", "/mentors/raise-ticket/:mentorId", (c, { params, body }) => c.tickets.raise({ ...(body.ticketObject as object), reporterId: params.mentorId } as never), undefined, 201),
  row("GET", "/mentors/raise-ticket/:mentorId", (c, { params }) => c.tickets.mine({ reporterId: params.mentorId }), (list) => ({ listOfTickets: list })),
  // Book a session (issue 8). Ids come from the token; an id in a path or body must be the caller's own.
  row("POST", "/mentors/available-timeslots", (c, { body }) => c.scheduling.publish(body as never), (slots) => ({
    message: "Slot allocated successfully",
    allTimeSlots: slots.map(legacySlot),
  }), 201),
  row("GET", "/mentors/available-timeslots/:mentorId", (c, { params }) => c.scheduling.mySlots({ mentorId: params.mentorId }), (slots) => ({ allTimeSlots: slots.map(legacySlot) })),
  row("GET", "/mentors/slot-details/:id", (c, { params }) => c.scheduling.slot({ slotId: params.id }), (slot) => ({ slotDetails: legacySlot(slot) })),
  row("DELETE", "/mentors/slot-details/:id", (c, { params }) => c.scheduling.deleteSlot({ slotId: params.id }), (r) => ({ message: "Slot Deleted", ...r })),
  row("GET", "/mentors/todays-live-slots/:mentorId", (c, { params }) => c.scheduling.liveSessions({ mentorId: params.mentorId }), (list) => ({
    sessionDetails: list.map(legacyLiveSession),
  })),
  row("GET", "/mentors/daily-enrollment-object/:mentorId", (c, { params }) => c.scheduling.dailyEnrollments({ mentorId: params.mentorId }), (days) => ({
    enrollmentObject: days,
  })),
  row("GET", "/mentees/timeslots/:mentorId", (c, { params }) => c.scheduling.mentorSchedule({ mentorId: params.mentorId }), (r) => ({
    ...r,
    timeSlots: r.timeSlots.map(legacySlot),
  })),
  row("POST", "/mentees/timeslots/1", (c, { body }) => c.scheduling.book(body as never), (slot) => ({ message: "Slot allocated successfully", bookedSlot: legacySlot(slot) }), 201),
  row("GET", "/mentees/booked-slots/:menteeId", (c, { params }) => c.scheduling.myBookings({ menteeId: params.menteeId }), (r) => ({
    bookedSlots: [...r.upcoming, ...r.past].map(legacySlot),
    upcoming: r.upcoming.map(legacySlot),
    past: r.past.map(legacySlot),
  })),
  row("PATCH", "/mentees/booked-slots/1", (c, { body }) => c.scheduling.cancel(body as never), (r) => ({ message: "Booking cancelled", ...r })),
  row("POST", "/mentees/trail", (c, { body }) => c.scheduling.bookTrial(body as never), (slot) => ({ message: "Slot allocated successfully", bookedSlot: legacySlot(slot) }), 201),
  // Live sessions (issue 10): 200 only to the slot's mentor and booked mentee, inside the window (the token decides).
  row("POST", "/chats/verify-live", (c, { body }) => c.live.verify(body as never)),
  // Chat and the notification bell (issue 9): only the two participants; ids in paths and bodies must be the caller's.
  row("POST", "/chats/messages", (c, { body }) => c.chat.open(body as never), (conversation) => ({ conversations: legacyConversation(conversation) })),
  row("PATCH", "/chats/messages", (c) => c.chat.markRead({ conversationId: "" })),
  row("PATCH", "/chats/messages/:conversationId", (c, { params }) => c.chat.markRead({ conversationId: params.conversationId }), (r) => ({ message: "Marked as read", ...r })),
  ...chatRows("mentee"),
  ...chatRows("mentor"),
  ...notificationRows("mentee"),
  ...notificationRows("mentor"),
];
