import { and, eq, isNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, type MentorStatus, mentors, messages, notifications, refreshSessions } from "../../db/schema";
import {
  accountMayAct,
  accountRefusal,
  BLOCKED_MESSAGE,
  loadAccountState,
  NOT_ACCEPTED_MESSAGE,
  SIGNED_OUT_MESSAGE,
} from "../../worker/accounts/accounts";
import { openSession } from "../../worker/accounts/sessions";
import { NOT_YOUR_CONVERSATION } from "../../worker/chat/conversations";
import { RECIPIENT_BLOCKED } from "../../worker/chat/messages";
import { createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat } from "../support/chat";

/**
 * A message is sent in one round trip. Its batch reads the sender's account state and the conversation, and its
 * writes are guarded in SQL by the account check's own rule (`accountMayAct`) and the conversation's. These tests hold
 * the guard to the check: whatever the check refuses, nothing of the message is written.
 */

const revoke = (sessionId: string) =>
  testDb().update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.id, sessionId));

describe("the guard of a write that carries its own account check", () => {
  it("lets an account act exactly when the account check would let it through", async () => {
    const cases: { label: string; role: "mentee" | "mentor"; id: string; sessionId?: string }[] = [];
    for (const role of ["mentee", "mentor"] as const) {
      const statuses: MentorStatus[] = role === "mentor" ? ["approved", "pending", "rejected"] : ["approved"];
      for (const status of statuses) {
        for (const isBlocked of [false, true]) {
          const account = role === "mentee" ? await createMentee({ isBlocked }) : await createMentor({ isBlocked, status });
          const live = await openSession(testDb(), { role, userId: account.id });
          const ended = await openSession(testDb(), { role, userId: account.id });
          await revoke(ended.sessionId);
          const label = `${role} ${status}${isBlocked ? " blocked" : ""}`;
          cases.push(
            { label: `${label}, live sign-in`, role, id: account.id, sessionId: live.sessionId },
            { label: `${label}, ended sign-in`, role, id: account.id, sessionId: ended.sessionId },
          );
          cases.push({
            label: `${label}, another account's sign-in`,
            role,
            id: account.id,
            sessionId: (await openSession(testDb(), { role, userId: crypto.randomUUID() })).sessionId,
          });
          cases.push({ label: `${label}, no sign-in given`, role, id: account.id });
        }
      }
      cases.push({ label: `${role} that does not exist`, role, id: crypto.randomUUID() });
    }
    const now = Date.now();
    const found = [];
    for (const c of cases) {
      const [row] = await testDb().all<{ ok: number }>(sql`select ${accountMayAct(c.role, c.id, c.sessionId, now)} as ok`);
      const refusal = accountRefusal(c.role, await loadAccountState(testDb(), c.role, c.id, c.sessionId, now));
      found.push({ label: c.label, guard: row.ok === 1, check: refusal === null });
    }
    expect(found.filter((f) => f.guard !== f.check)).toEqual([]);
    // Both answers occur: the comparison is not between two constants.
    expect(new Set(found.map((f) => f.check))).toEqual(new Set([true, false]));
  });
});

describe("a message, or a mark-read, whose sender or recipient may not take it", () => {
  /** What the pair's conversation holds after a refused send: no message, no notification, no new activity. */
  async function nothingWritten(conversationId: string) {
    const stored = await testDb().select().from(messages).where(eq(messages.conversationId, conversationId));
    const noticed = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.conversationId, conversationId), eq(notifications.type, "message")));
    const [conversation] = await testDb().select().from(conversations).where(eq(conversations.id, conversationId));
    expect({ messages: stored.length, notifications: noticed.length, lastMessageAt: conversation.lastMessageAt }).toEqual({
      messages: 0,
      notifications: 0,
      lastMessageAt: null,
    });
  }
  const send = (token: string, conversationId: string) =>
    trpcOutcome(trpc(token).chat.send.mutate({ conversationId, message: "Are you there?", clientId: crypto.randomUUID() }));

  it("a blocked sender: 403 with the blocked account's words, and nothing of it stored", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await setBlocked("mentee", p.mentee.id, true);
    expect(await send(p.menteeToken, id)).toMatchObject({ status: 403, message: BLOCKED_MESSAGE, details: { blocked: true } });
    await nothingWritten(id);
  });

  it("a sender whose sign-in has ended (signed out elsewhere): 401, and nothing stored", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await testDb().update(refreshSessions).set({ revokedAt: new Date() }).where(eq(refreshSessions.userId, p.mentee.id));
    expect(await send(p.menteeToken, id)).toMatchObject({ status: 401, message: SIGNED_OUT_MESSAGE });
    await nothingWritten(id);
  });

  it("a mentor whose application was turned down since: 403, and nothing stored, by either id of the legacy path", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await testDb().update(mentors).set({ status: "rejected" }).where(eq(mentors.id, p.mentor.id));
    expect(await send(p.mentorToken, id)).toMatchObject({ status: 403, message: NOT_ACCEPTED_MESSAGE });
    expect(await send(p.mentorToken, p.mentee.id)).toMatchObject({ status: 403, message: NOT_ACCEPTED_MESSAGE });
    await nothingWritten(id);
  });

  it("a blocked recipient: 403 with the recipient's words, and nothing stored", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await setBlocked("mentor", p.mentor.id, true);
    expect(await send(p.menteeToken, id)).toMatchObject({ status: 403, message: RECIPIENT_BLOCKED });
    await nothingWritten(id);
  });

  it("someone else's conversation, by its id or by its mentor's: 404, and nothing stored in it", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const stranger = await chatPair();
    expect(await send(stranger.menteeToken, id)).toMatchObject({ status: 404, message: NOT_YOUR_CONVERSATION });
    expect(await send(stranger.menteeToken, p.mentor.id)).toMatchObject({ status: 404, message: NOT_YOUR_CONVERSATION });
    await nothingWritten(id);
  });

  it("a mark-read from a blocked reader or on someone else's conversation: refused, and nothing marked read", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    expect((await send(p.menteeToken, id)).status).toBe(200);
    const unread = () =>
      testDb()
        .select()
        .from(messages)
        .where(and(eq(messages.conversationId, id), isNull(messages.readAt)));
    const noticeUnread = async () =>
      (
        await testDb()
          .select()
          .from(notifications)
          .where(and(eq(notifications.conversationId, id), eq(notifications.recipientId, p.mentor.id)))
      ).map((n) => n.isRead);
    const markRead = (token: string) => trpcOutcome(trpc(token).chat.markRead.mutate({ side: "mentor", conversationId: id }));
    const stranger = await chatPair();
    expect(await markRead(stranger.mentorToken)).toMatchObject({ status: 404, message: NOT_YOUR_CONVERSATION });
    await setBlocked("mentor", p.mentor.id, true);
    expect(await markRead(p.mentorToken)).toMatchObject({ status: 403, message: BLOCKED_MESSAGE });
    expect({ unread: (await unread()).length, notices: await noticeUnread() }).toEqual({ unread: 1, notices: [false] });
    await setBlocked("mentor", p.mentor.id, false);
    expect(await markRead(p.mentorToken)).toMatchObject({ status: 200, value: { marked: 1 } });
    expect({ unread: (await unread()).length, notices: await noticeUnread() }).toEqual({ unread: 0, notices: [true] });
  });

  it("and when she may, the same one trip stores it, its notification and the conversation's activity", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const sent = await send(p.menteeToken, id);
    expect(sent).toMatchObject({ status: 200, value: { created: true, conversation: { id, other: { id: p.mentor.id, role: "mentor" } } } });
    const [notice] = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.conversationId, id), eq(notifications.recipientId, p.mentor.id)));
    expect(notice).toMatchObject({
      recipientRole: "mentor",
      type: "message",
      content: `New message from ${p.mentee.firstName} ${p.mentee.lastName}`,
      isRead: false,
    });
    const [conversation] = await testDb().select().from(conversations).where(eq(conversations.id, id));
    expect(conversation.lastMessageAt).not.toBeNull();
  });
});
