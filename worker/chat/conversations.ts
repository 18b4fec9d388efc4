import { and, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { conversations, enrollments, mentees, mentors } from "../../db/schema";
import { profileImageUrl } from "../accounts/accounts";
import type { ServiceDeps } from "../platform/deps";
import { fail } from "../platform/domain-error";
import { type Member, otherRole } from "./members";

export const NOT_YOUR_CONVERSATION = "This conversation does not exist or is not yours.";
export const NOT_ELIGIBLE = "You can chat only with a mentor you have or had a subscription to.";
export const MENTOR_NOT_ELIGIBLE = "You can chat only with a mentee who has or had a subscription to you.";

export type Person = { id: string; firstName: string; lastName: string; name: string; profileImageUrl: string; isBlocked: boolean };

/** Who is in a conversation, as the caller sees it. */
export type Participants = {
  id: string;
  mentee: Person;
  mentor: Person;
  /** The other participant, as the caller sees the conversation. */
  other: Person & { role: Member["role"] };
};

export type ConversationView = Participants & {
  lastMessage: { content: string; senderType: Member["role"]; createdAt: string } | null;
  /** Messages from the other participant the caller has not read. */
  unreadCount: number;
  /** When the last message was sent, else when the conversation was opened: the list's order. */
  updatedAt: string;
  createdAt: string;
};

const person = (r: { id: string; firstName: string; lastName: string; profileImageKey: string | null; isBlocked: boolean }): Person => ({
  id: r.id,
  firstName: r.firstName,
  lastName: r.lastName,
  name: `${r.firstName} ${r.lastName}`,
  profileImageUrl: profileImageUrl(r.profileImageKey),
  isBlocked: r.isBlocked,
});

const menteeCols = {
  id: mentees.id,
  firstName: mentees.firstName,
  lastName: mentees.lastName,
  profileImageKey: mentees.profileImageKey,
  isBlocked: mentees.isBlocked,
};
const mentorCols = {
  id: mentors.id,
  firstName: mentors.firstName,
  lastName: mentors.lastName,
  profileImageKey: mentors.profileImageKey,
  isBlocked: mentors.isBlocked,
};

/** Messages to `member` in the conversation row that `member` has not read. */
const unreadFor = (member: Member) =>
  sql<number>`(select count(*) from messages m where m.conversation_id = ${conversations.id} and m.sender_type = ${otherRole(member.role)} and m.read_at is null)`;

const lastMessage = sql<string | null>`(select json_object('content', m.content, 'senderType', m.sender_type, 'createdAt', m.created_at)
  from messages m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`;

const ownSide = (member: Member): SQL =>
  member.role === "mentee" ? eq(conversations.menteeId, member.id) : eq(conversations.mentorId, member.id);

/** The column that holds the other participant's id, as `member` sees a conversation. */
export const otherSide = (member: Member) => (member.role === "mentee" ? conversations.mentorId : conversations.menteeId);

/**
 * The caller's conversation that `ref` names: by its id or (the legacy mentor path) by the other person's id, as a
 * condition on `conversations` and the order that puts the conversation's own id first. One rule for the read of the
 * participants and for the guards of the writes that travel with it (worker/chat/messages.ts).
 */
export function conversationNamed(member: Member, ref: string, byOtherPerson = false): { where: SQL; first: SQL } {
  const named = byOtherPerson ? or(eq(conversations.id, ref), eq(otherSide(member), ref)) : eq(conversations.id, ref);
  return { where: and(ownSide(member), named)!, first: desc(sql`${conversations.id} = ${ref}`) };
}

type Row = {
  conversation: typeof conversations.$inferSelect;
  mentee: Parameters<typeof person>[0];
  mentor: Parameters<typeof person>[0];
  unread: number;
  last: string | null;
};

function view(member: Member, r: Row): ConversationView {
  const mentee = person(r.mentee);
  const mentor = person(r.mentor);
  const last = r.last ? (JSON.parse(r.last) as { content: string; senderType: Member["role"]; createdAt: number }) : null;
  const other = member.role === "mentee" ? { ...mentor, role: "mentor" as const } : { ...mentee, role: "mentee" as const };
  return {
    id: r.conversation.id,
    mentee,
    mentor,
    other,
    lastMessage: last ? { content: last.content, senderType: last.senderType, createdAt: new Date(last.createdAt).toISOString() } : null,
    unreadCount: Number(r.unread),
    updatedAt: (r.conversation.lastMessageAt ?? r.conversation.createdAt).toISOString(),
    createdAt: r.conversation.createdAt.toISOString(),
  };
}

function selectConversations(db: Db, member: Member) {
  return db
    .select({ conversation: conversations, mentee: menteeCols, mentor: mentorCols, unread: unreadFor(member), last: lastMessage })
    .from(conversations)
    .innerJoin(mentees, eq(mentees.id, conversations.menteeId))
    .innerJoin(mentors, eq(mentors.id, conversations.mentorId));
}

/** The caller's conversations, the most recent activity first; `name` filters by the other person's name. */
export async function listConversations(db: Db, member: Member, name?: string): Promise<ConversationView[]> {
  const other = member.role === "mentee" ? mentors : mentees;
  const pattern = name ? `%${name.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const byName = pattern ? sql`(${other.firstName} || ' ' || ${other.lastName}) like ${pattern} escape '\\'` : undefined;
  const rows = await selectConversations(db, member)
    .where(and(ownSide(member), byName))
    .orderBy(desc(sql`coalesce(${conversations.lastMessageAt}, ${conversations.createdAt})`), desc(conversations.id));
  return rows.map((r) => view(member, r));
}

/** One conversation of the caller's; anyone else gets a 404, whatever the id. */
export async function conversationFor(db: Db, member: Member, conversationId: string): Promise<ConversationView> {
  const [row] = await selectConversations(db, member).where(and(eq(conversations.id, conversationId), ownSide(member)));
  if (!row) fail("NOT_FOUND", NOT_YOUR_CONVERSATION);
  return view(member, row);
}

/**
 * The select behind `participantsFor`, to send inside a batch: the caller's conversation `ref` names, by its id or (the
 * legacy mentor path) by the other person's id, the conversation's own id first. `participantsOf` reads its rows.
 */
export function participantsQuery(db: Db, member: Member, ref: string, byOtherPerson = false) {
  const named = conversationNamed(member, ref, byOtherPerson);
  return db
    .select({ id: conversations.id, mentee: menteeCols, mentor: mentorCols })
    .from(conversations)
    .innerJoin(mentees, eq(mentees.id, conversations.menteeId))
    .innerJoin(mentors, eq(mentors.id, conversations.mentorId))
    .where(named.where)
    .orderBy(named.first)
    .limit(1);
}

/** The participants in `participantsQuery`'s rows; anyone else's conversation, or none, is a 404. */
export function participantsOf(member: Member, [row]: Awaited<ReturnType<typeof participantsQuery>>): Participants {
  if (!row) fail("NOT_FOUND", NOT_YOUR_CONVERSATION);
  const mentee = person(row.mentee);
  const mentor = person(row.mentor);
  return { id: row.id, mentee, mentor, other: member.role === "mentee" ? { ...mentor, role: "mentor" } : { ...mentee, role: "mentee" } };
}

/**
 * The two participants of one of the caller's conversations (anyone else gets a 404): the light read
 * behind reading and marking read, without the list's counts.
 */
export async function participantsFor(db: Db, member: Member, conversationId: string): Promise<Participants> {
  return participantsOf(member, await participantsQuery(db, member, conversationId));
}

/** The conversation of the caller with `otherId` as the other side, if there is one (the legacy mentor path may carry a mentee id). */
export async function conversationWith(db: Db, member: Member, otherId: string): Promise<ConversationView | null> {
  const pair =
    member.role === "mentee"
      ? and(eq(conversations.menteeId, member.id), eq(conversations.mentorId, otherId))
      : and(eq(conversations.mentorId, member.id), eq(conversations.menteeId, otherId));
  const [row] = await selectConversations(db, member).where(pair);
  return row ? view(member, row) : null;
}

/** The pair worked together: a subscription of theirs was paid at least once. */
const hadSubscription = (menteeId: string, mentorId: string) =>
  sql`exists (select 1 from ${enrollments} where ${enrollments.menteeId} = ${menteeId} and ${enrollments.mentorId} = ${mentorId} and ${enrollments.activatedAt} is not null)`;

/**
 * The conversation of a mentee and a mentor, created when the pair has or had a subscription (one
 * conditional statement; the pair's unique index makes concurrent opens share one conversation).
 */
export async function openConversation(
  { db, now }: Pick<ServiceDeps, "db" | "now">,
  member: Member,
  otherId: string | undefined,
): Promise<ConversationView> {
  if (!otherId) fail("BAD_REQUEST", member.role === "mentee" ? "Please choose a mentor" : "Please choose a mentee");
  const menteeId = member.role === "mentee" ? member.id : otherId;
  const mentorId = member.role === "mentor" ? member.id : otherId;
  const existing = await conversationWith(db, member, otherId);
  if (existing) return existing;
  await db.run(sql`insert into conversations (id, mentee_id, mentor_id, created_at)
    select ${crypto.randomUUID()}, ${menteeId}, ${mentorId}, ${now.getTime()}
    where ${hadSubscription(menteeId, mentorId)}
    on conflict (mentee_id, mentor_id) do nothing`);
  const created = await conversationWith(db, member, otherId);
  if (!created) fail("FORBIDDEN", member.role === "mentee" ? NOT_ELIGIBLE : MENTOR_NOT_ELIGIBLE);
  return created;
}

/** Unread messages to the caller: how many conversations hold some, and how many in all. */
export async function unreadSummary(db: Db, member: Member): Promise<{ unreadConversations: number; unreadMessages: number }> {
  const mine = member.role === "mentee" ? sql`c.mentee_id = ${member.id}` : sql`c.mentor_id = ${member.id}`;
  const [row] = await db.all<{
    conversations: number;
    messages: number;
  }>(sql`select count(distinct m.conversation_id) as conversations, count(*) as messages
    from conversations c join messages m on m.conversation_id = c.id
    where ${mine} and m.sender_type = ${otherRole(member.role)} and m.read_at is null`);
  return { unreadConversations: Number(row?.conversations ?? 0), unreadMessages: Number(row?.messages ?? 0) };
}
