import { authRouter } from "../accounts/auth.router";
import { emailRouter } from "../accounts/email.router";
import { passwordRouter } from "../accounts/password.router";
import { attendanceRouter } from "../attendance/attendance.router";
import { calendarsRouter } from "../calendars/calendars.router";
import { chatRouter } from "../chat/chat.router";
import { liveRouter } from "../live/live.router";
import { moderationRouter } from "../moderation/moderation.router";
import { notificationSettingsRouter } from "../notifications/notification-settings.router";
import { notificationsRouter } from "../notifications/notifications.router";
import { paymentsRouter } from "../payments/payments.router";
import { subscriptionsRouter } from "../payments/subscriptions.router";
import { payoutsRouter } from "../payouts/payouts.router";
import { privacyRouter } from "../privacy/privacy.router";
import { menteesRouter } from "../profiles/mentees.router";
import { mentorsRouter } from "../profiles/mentors.router";
import { realtimeRouter } from "../realtime/realtime.router";
import { ratingPromptsRouter } from "../reviews/rating-prompts.router";
import { reviewsRouter } from "../reviews/reviews.router";
import { schedulingRouter } from "../scheduling/scheduling.router";
import { sessionNotesRouter } from "../session-notes/session-notes.router";
import { ticketsRouter } from "../tickets/tickets.router";
import { createCallerFactory, router } from "./init";

export const appRouter = router({
  auth: authRouter,
  mentors: mentorsRouter,
  mentees: menteesRouter,
  reviews: reviewsRouter,
  payments: paymentsRouter,
  payouts: payoutsRouter,
  password: passwordRouter,
  subscriptions: subscriptionsRouter,
  tickets: ticketsRouter,
  moderation: moderationRouter,
  scheduling: schedulingRouter,
  live: liveRouter,
  attendance: attendanceRouter,
  chat: chatRouter,
  notifications: notificationsRouter,
  notificationSettings: notificationSettingsRouter,
  realtime: realtimeRouter,
  email: emailRouter,
  sessionNotes: sessionNotesRouter,
  ratingPrompts: ratingPromptsRouter,
  privacy: privacyRouter,
  calendars: calendarsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
