import type { Role } from "../../db/schema";
import { MAX_AGENDA } from "../../shared/validation/scheduling";
import type { createCaller } from "../trpc/router";
import { agendaFromLegacyValues, legacyCalendarSlot, legacySlotDetails } from "./legacy-calendar";
import { conversationNameFilter, legacyConversation, legacyMessage, legacyParticipants } from "./legacy-chat";
import { legacyDay } from "./legacy-days";
import { legacyApplicant, legacyPage } from "./legacy-moderation";
import { legacyMentorProfileAnswer, legacyNotifications } from "./legacy-profiles";
import { subscribedSchedules } from "./legacy-schedules";
import {
  legacyLiveSession,
  legacyMentee,
  legacyMentor,
  legacyMentorProfile,
  legacyMentorSubscriber,
  legacySlot,
  legacySubscribedMentors,
} from "./legacy-shapes";
import { legacyOwnTicket, legacyQueueTicket } from "./legacy-tickets";
import { assertOwnIds, assertOwnIdsAfterAccount, type RestCaller } from "./ownership";

type Caller = ReturnType<typeof createCaller>;

export type RestRequest = {
  params: Record<string, string>;
  query: Record<string, string>;
  body: Record<string, unknown>;
  caller: RestCaller;
  /** The request's instant (the one clock). */
  now: Date;
};

type Call<T> = (caller: Caller, request: RestRequest) => Promise<T>;

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
  call: Call<T>,
  output: (result: T) => unknown = (result) => result,
  status?: number,
): RestRoute {
  return { method, path, status, call: async (caller, request) => output(await call(caller, request)) };
}

/** A call whose path, query or body names the caller: the ids `named` picks must be the caller's own (ownership.ts). */
const own =
  <T>(message: string, named: (request: RestRequest) => unknown[], call: Call<T>): Call<T> =>
  async (c, request) => {
    await assertOwnIdsAfterAccount(request.caller, named(request), message);
    return call(c, request);
  };

const PROFILE = "You can only change your own profile.";
const SKILLS = "You can only change your own skills.";
const TICKETS = "You can only raise and see your own tickets.";
const AS_YOURSELF = "You can only use chat as yourself.";

/** A field of a legacy nested object (`values.menteeId`), when it is one. */
const fieldOf = (value: unknown, key: string) => (value && typeof value === "object" ? (value as Record<string, unknown>)[key] : undefined);

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

/** Password reset by e-mailed code; sent-otp answers the same whether or not the account exists. */
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
    row(
      "POST",
      `${base}/:conversationId`,
      own(
        AS_YOURSELF,
        (r) => [r.body.sender],
        (c, { params, body }) =>
          c.chat.send({ message: body.message, clientId: body.clientId, conversationId: params.conversationId, side } as never),
      ),
      (r) => ({
        // The original client reads the other person from `responseFromMessageCreation.conversation.participants`.
        responseFromMessageCreation: { ...legacyMessage(r.message), conversation: legacyParticipants(r.conversation) },
        conversation: legacyParticipants(r.conversation),
      }),
      201,
    ),
    row(
      "POST",
      base,
      own(
        AS_YOURSELF,
        (r) => [str(r.body[ownKey])],
        (c, { query }) => c.chat.conversations({ name: conversationNameFilter(query[nameKey]), side }),
      ),
      (list) => ({ conversations: list.map(legacyConversation) }),
    ),
    row(
      "GET",
      base,
      own(
        AS_YOURSELF,
        (r) => [r.query[ownKey]],
        (c) => c.chat.unread({ side }),
      ),
    ),
    row("GET", `${base}/`, missingId),
    row(
      "GET",
      `${base}/:conversationId`,
      (c, { params, query }) => c.chat.messages({ conversationId: params.conversationId, cursor: query.before, side }),
      (page) => ({
        messages: page.messages.map(legacyMessage),
        nextCursor: page.nextCursor,
      }),
    ),
    row("PATCH", base, missingId),
    row(
      "PATCH",
      `${base}/:conversationId`,
      (c, { params }) => c.chat.markRead({ conversationId: params.conversationId, side }),
      (r) => ({ message: "Marked as read", ...r }),
    ),
  ];
};

/** The bell (SPEC §7 notifications): GET reads `notifications`, PATCH with no body marks them read. */
const notificationRows = (side: Side): RestRoute[] => {
  const base = `/${areaPath[side]}/notifications`;
  const ownKey = side === "mentee" ? "menteeId" : "mentorId";
  const list = (c: Caller) => c.notifications.latest({ side, limit: 20 }).then(legacyNotifications);
  return [
    row(
      "GET",
      base,
      own(AS_YOURSELF, (r) => [r.query[ownKey]], list),
    ),
    row(
      "GET",
      `${base}/:ownerId`,
      own(AS_YOURSELF, (r) => [r.params.ownerId], list),
    ),
    row(
      "PATCH",
      `${base}/:ownerId`,
      own(
        AS_YOURSELF,
        (r) => [r.params.ownerId],
        (c) => c.notifications.markAllRead({ side }),
      ),
      (r) => ({ message: "Notifications marked as read", ...r }),
    ),
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
  row(
    "GET",
    "/mentees/mentors",
    (c, { query }) => c.mentors.search(query as never),
    (cards) => ({ mentorsSearchResult: cards.map(legacyMentor) }),
  ),
  row("GET", "/mentees/mentor/profile/:mentorId", (c, request) => legacyMentorProfileAnswer(c, request.caller, request.params.mentorId)),
  row(
    "GET",
    "/mentees/edit-profile/:menteeId",
    own(
      PROFILE,
      (r) => [r.params.menteeId],
      (c) => c.mentees.profile(),
    ),
    (p) => ({ menteeProfileDetails: legacyMentee(p) }),
  ),
  row(
    "PATCH",
    "/mentees/edit-profile/:menteeId",
    own(
      PROFILE,
      (r) => [r.params.menteeId],
      (c, { body }) => c.mentees.updateProfile(body as never),
    ),
    (p) => ({
      message: "Updation success",
      menteeProfileDetails: legacyMentee(p),
    }),
  ),
  row(
    "GET",
    "/mentors/edit-profile/:mentorId",
    own(
      PROFILE,
      (r) => [r.params.mentorId],
      (c) => c.mentors.myProfile(),
    ),
    (p) => ({ profileData: legacyMentorProfile(p) }),
  ),
  row(
    "PATCH",
    "/mentors/edit-profile/:mentorId",
    own(
      PROFILE,
      (r) => [r.params.mentorId],
      (c, { body }) => c.mentors.updateProfile(body as never),
    ),
    (p) => ({
      message: "Profile Updated successfully",
      profileData: legacyMentorProfile(p),
    }),
  ),
  row(
    "PATCH",
    "/mentors/add-new-skill/:mentorId",
    own(
      SKILLS,
      (r) => [r.params.mentorId],
      (c, { body }) => c.mentors.addSkills(body as never),
    ),
    (expertise) => ({
      message: "Skill Added",
      expertise,
    }),
  ),
  row(
    "POST",
    "/mentors/add-new-skill/:mentorId",
    own(
      SKILLS,
      (r) => [r.params.mentorId],
      (c, { body }) => c.mentors.removeSkill(body as never),
    ),
    (expertise) => ({
      message: "Skill Deleted successfully",
      expertise,
    }),
  ),
  // Subscribe and pay (ADR 0010). Amounts in rupees; the ids in paths must be the caller's own.
  row("GET", "/mentees/stripe-config", (c) => c.payments.config()),
  row("POST", "/mentees/create-payment-intent", (c, { body }) => c.payments.createPaymentIntent(body)),
  row(
    "POST",
    "/mentees/create-checkout",
    (c, { body }) => c.payments.createCheckout(body as never),
    (r) => ({ url: r.url }),
    201,
  ),
  row("POST", "/mentees/enrollment-success", (c, { body }) => c.payments.enrollmentStatus(body as never)),
  row("GET", "/mentees/subscribed-mentors", (c) => c.subscriptions.mine(), legacySubscribedMentors),
  row(
    "GET",
    "/mentees/subscribed-mentors/:menteeId",
    own(
      "You can only see your own subscriptions.",
      (r) => [r.params.menteeId],
      (c) => c.subscriptions.mine(),
    ),
    legacySubscribedMentors,
  ),
  row(
    "GET",
    "/mentors/subscribed-mentees",
    (c) => c.subscriptions.subscribers(),
    (list) => ({ enrolledMentees: list.map(legacyMentorSubscriber) }),
  ),
  row(
    "GET",
    "/mentors/subscribed-mentees/:mentorId",
    own(
      "You can only see your own subscribers.",
      (r) => [r.params.mentorId],
      (c) => c.subscriptions.subscribers(),
    ),
    (list) => ({
      enrolledMentees: list.map(legacyMentorSubscriber),
    }),
  ),
  // Moderation (ADR 0012): only moderators on every /moderator path; the moderator is the token's.
  row(
    "GET",
    "/moderator/mentees",
    (c, { query }) => c.moderation.mentees(query as never),
    (r) => legacyPage("mentees", r),
  ),
  row(
    "GET",
    "/moderator/mentors",
    (c, { query }) => c.moderation.mentors(query as never),
    (r) => legacyPage("mentors", r),
  ),
  row(
    "GET",
    "/moderator/mentor_requests",
    (c) => c.moderation.applicants(),
    (list) => {
      const applicants = list.map(legacyApplicant);
      // `allMentorRequests` is the original client's name for the list (its applicants table).
      return { mentorRequests: applicants, allMentorRequests: applicants };
    },
  ),
  row("PATCH", "/moderator/mentees_status_change", (c, { body }) => c.moderation.toggleMentee(body as never)),
  row("PATCH", "/moderator/mentor_status_change", (c, { body }) => c.moderation.toggleMentor(body as never)),
  row("PATCH", "/moderator/mentor_request_accept", (c, { body }) => c.moderation.acceptApplicant(body as never)),
  row("PATCH", "/moderator/mentor_request_reject", (c, { body }) => c.moderation.rejectApplicant(body as never)),
  row(
    "GET",
    "/moderator/tickets",
    (c, { query }) => c.moderation.tickets(query as never),
    ({ items, ...page }) => ({ responseFromDb: items.map(legacyQueueTicket), ...page }),
  ),
  row("PATCH", "/moderator/tickets", (c, { body }) => c.moderation.blockFromTicket(body as never)),
  row("PATCH", "/moderator/tickets_dismiss", (c, { body }) => c.moderation.dismissTicket(body as never)),
  row(
    "GET",
    "/moderator/daily-enrollments",
    (c, { query }) => c.moderation.dailyEnrollments(query as never),
    (days) => ({ dailyEnrollmentData: days.map(legacyDay) }),
  ),
  row(
    "GET",
    "/moderator/daily-new-mentees",
    (c, { query }) => c.moderation.dailyNewMentees(query as never),
    (days) => ({ newMenteeDetail: days.map(legacyDay) }),
  ),
  row(
    "GET",
    "/moderator/audit-log",
    (c, { query }) => c.moderation.audit(query as never),
    ({ items, ...page }) => ({ auditLog: items, ...page }),
  ),
  // Tickets from both sides (SPEC §7): the reporter is the token's; a path id must be the caller's own.
  row(
    "POST",
    "/mentees/raise-ticket/:menteeId",
    own(
      TICKETS,
      (r) => [r.params.menteeId],
      (c, { body }) => c.tickets.raise(body as never),
    ),
    undefined,
    201,
  ),
  row(
    "GET",
    "/mentees/raise-ticket/:menteeId",
    own(
      TICKETS,
      (r) => [r.params.menteeId],
      (c) => c.tickets.mine(),
    ),
    (list) => ({ listOfTickets: list.map(legacyOwnTicket) }),
  ),
  row(
    "POST",
    "/mentors/raise-ticket/:mentorId",
    own(
      TICKETS,
      (r) => [r.params.mentorId],
      (c, { body }) => c.tickets.raise({ ...(body.ticketObject as object) } as never),
    ),
    undefined,
    201,
  ),
  row(
    "GET",
    "/mentors/raise-ticket/:mentorId",
    own(
      TICKETS,
      (r) => [r.params.mentorId],
      (c) => c.tickets.mine(),
    ),
    (list) => ({ listOfTickets: list.map(legacyOwnTicket) }),
  ),
  // Book a session (ADR 0013). Ids come from the token; an id in a path or body must be the caller's own.
  // The original client posts to `/available-timeslots/id` (a literal "id"): the same call.
  ...["/mentors/available-timeslots", "/mentors/available-timeslots/:literalId"].map((path) =>
    row(
      "POST",
      path,
      own(
        "You can only use your own schedule.",
        (r) => [r.body.mentorId],
        (c, { body }) => c.scheduling.publish({ slotDetails: body.slotDetails } as never),
      ),
      (slots) => ({
        message: "Slot allocated successfully",
        allTimeSlots: slots.map(legacySlot),
      }),
      201,
    ),
  ),
  row(
    "GET",
    "/mentors/available-timeslots/:mentorId",
    own(
      "You can only use your own schedule.",
      (r) => [r.params.mentorId],
      async (c, { now }) => (await c.scheduling.mySlots()).map((slot) => legacyCalendarSlot(slot, now)),
    ),
    (slots) => ({ allTimeSlots: slots }),
  ),
  // `resonseFromDb` (spelled so) is what the original calendar's slot details read.
  row("GET", "/mentors/slot-details/:id", async (c, { params, now }) => {
    const slot = await c.scheduling.slot({ slotId: params.id });
    return { slotDetails: legacySlot(slot), resonseFromDb: legacySlotDetails(slot, now) };
  }),
  row(
    "DELETE",
    "/mentors/slot-details/:id",
    (c, { params }) => c.scheduling.deleteSlot({ slotId: params.id }),
    (r) => ({ message: "Slot Deleted", ...r }),
  ),
  row(
    "GET",
    "/mentors/todays-live-slots/:mentorId",
    own(
      "You can only use your own sessions.",
      (r) => [r.params.mentorId],
      (c) => c.scheduling.liveSessions(),
    ),
    (list) => ({
      sessionDetails: list.map(legacyLiveSession),
    }),
  ),
  row(
    "GET",
    "/mentors/daily-enrollment-object/:mentorId",
    own(
      "You can only use your own enrollments.",
      (r) => [r.params.mentorId],
      (c) => c.scheduling.dailyEnrollments(),
    ),
    (days) => ({
      enrollmentObject: days.map(legacyDay),
    }),
  ),
  // The original client's Schedules page sends the mentee's own id here: her subscribed mentors' slots.
  row("GET", "/mentees/timeslots/:mentorId", (c, { params, caller, now }) =>
    params.mentorId === caller?.id
      ? subscribedSchedules(c, now)
      : c.scheduling
          .mentorSchedule({ mentorId: params.mentorId })
          .then((r) => ({ ...r, timeSlots: r.timeSlots.map((slot) => legacyCalendarSlot(slot, now)) })),
  ),
  row(
    "POST",
    "/mentees/timeslots/1",
    own(
      "You can only use your own account.",
      (r) => [fieldOf(r.body.values, "menteeId")],
      (c, { body }) => c.scheduling.book({ slotId: body.slotId, agenda: agendaFromLegacyValues(body.values, MAX_AGENDA) } as never),
    ),
    (slot) => ({ message: "Slot allocated successfully", bookedSlot: legacySlot(slot) }),
    201,
  ),
  row(
    "GET",
    "/mentees/booked-slots/:menteeId",
    own(
      "You can only use your own bookings.",
      (r) => [r.params.menteeId],
      async (c, { now }) => ({ ...(await c.scheduling.myBookings()), now }),
    ),
    ({ now, ...r }) => ({
      bookedSlots: [...r.upcoming, ...r.past].map(legacySlot),
      upcoming: r.upcoming.map(legacySlot),
      past: r.past.map(legacySlot),
      // The original client's booked-slots table: her bookings with the mentor populated.
      responseFromDb: [...r.upcoming, ...r.past].map((slot) => legacyCalendarSlot(slot, now)),
    }),
  ),
  row(
    "PATCH",
    "/mentees/booked-slots/1",
    (c, { body }) => c.scheduling.cancel({ slotId: body.slotId } as never),
    (r) => ({ message: "Booking cancelled", ...r }),
  ),
  row(
    "POST",
    "/mentees/trail",
    (c, { body }) => c.scheduling.bookTrial({ slotId: body.slotId } as never),
    (slot) => ({ message: "Slot allocated successfully", bookedSlot: legacySlot(slot) }),
    201,
  ),
  // Live sessions (ADR 0015): 200 only to the slot's mentor and booked mentee, inside the window (the token decides).
  // The session's own refusals (404, outside the window) come first, as they always have; verify changes nothing.
  row("POST", "/chats/verify-live", async (c, { body, caller }) => {
    const verified = await c.live.verify({ slotId: body.slotId } as never);
    assertOwnIds(caller, [body.userId], "You can only verify yourself: the signed-in account decides who joins.");
    return verified;
  }),
  // Chat and the notification bell (ADR 0014): only the two participants; ids in paths and bodies must be the caller's.
  row(
    "POST",
    "/chats/messages",
    own(
      AS_YOURSELF,
      (r) => [r.caller?.role === "mentee" ? r.body.menteeId : r.caller?.role === "mentor" ? r.body.mentorId : undefined],
      (c, { body }) => c.chat.open(body as never),
    ),
    (conversation) => ({ conversations: legacyConversation(conversation) }),
  ),
  // The original mentee inbox sends the conversation in the body here.
  row("PATCH", "/chats/messages", (c, { body }) =>
    c.chat.markRead({ conversationId: typeof body.conversationId === "string" ? body.conversationId : "" }),
  ),
  row(
    "PATCH",
    "/chats/messages/:conversationId",
    (c, { params }) => c.chat.markRead({ conversationId: params.conversationId }),
    (r) => ({ message: "Marked as read", ...r }),
  ),
  ...chatRows("mentee"),
  ...chatRows("mentor"),
  ...notificationRows("mentee"),
  ...notificationRows("mentor"),
];
