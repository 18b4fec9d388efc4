import * as v from "valibot";

/** Chat inputs (SPEC §3 Conversation and Message, §7 Chat). */

export const MESSAGE_MAX = 4000;
export const NO_CONVERSATION_ID = "No conversation id";
/** Messages per page of a thread, and the most one page may hold. */
export const PAGE_DEFAULT = 30;
export const PAGE_MAX = 100;

/** The role a legacy REST path is for; the caller must have it. */
export const sideField = v.optional(v.picklist(["mentee", "mentor"]));

const idField = (message: string) => v.pipe(v.string(message), v.trim(), v.nonEmpty(message), v.maxLength(64, message));

export const conversationIdField = idField(NO_CONVERSATION_ID);

/** Plain text, trimmed, never empty, at most 4,000 characters. */
export const messageContentField = v.pipe(
  v.string("Please type a message"),
  v.trim(),
  v.nonEmpty("Please type a message"),
  v.maxLength(MESSAGE_MAX, `A message can be at most ${MESSAGE_MAX.toLocaleString("en-IN")} characters long`),
);

/** The client's id for one send; a retry carries the same one. */
export const clientIdField = v.pipe(
  v.string(),
  v.trim(),
  v.regex(/^[A-Za-z0-9_-]{8,64}$/, "The message's client id must be 8 to 64 letters, digits, - or _"),
);

/** Opens (or finds) the conversation with the other side: `mentorId` for a mentee, `menteeId` for a mentor. */
export const openConversationSchema = v.object({
  side: sideField,
  menteeId: v.optional(idField("Please choose a mentee")),
  mentorId: v.optional(idField("Please choose a mentor")),
});

export const conversationListSchema = v.optional(
  v.object({
    side: sideField,
    /** Filters by the other person's name (the legacy `mentorName` query). */
    name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(100, "A name can be at most 100 characters"))),
  }),
  {},
);

export const unreadCountSchema = v.optional(v.object({ side: sideField }), {});

export const sendMessageSchema = v.object({
  side: sideField,
  conversationId: conversationIdField,
  message: messageContentField,
  clientId: v.optional(clientIdField),
});

export const threadPageSchema = v.object({
  side: sideField,
  conversationId: conversationIdField,
  /** The oldest message already held: the page holds the messages before it (tRPC's infinite-query cursor). */
  cursor: v.optional(v.nullable(v.pipe(v.string(), v.maxLength(64)))),
  /** The newest message already held: the page holds what came after it (catching up after a reconnect). */
  after: v.optional(v.pipe(v.string(), v.maxLength(64))),
  limit: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(PAGE_MAX)), PAGE_DEFAULT),
});

export const markReadSchema = v.object({ conversationId: conversationIdField, side: sideField });
