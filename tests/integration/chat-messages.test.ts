import { describe, expect, it } from "vitest";
import { MESSAGE_MAX } from "../../shared/validation/chat";
import { CLIENT_ID_REUSED, RECIPIENT_BLOCKED, SEND_LIMIT, TOO_FAST } from "../../worker/chat/messages";
import { createMentor, setBlocked } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createEnrollment } from "../support/moderation";

/** Messages (limits, idempotent sends, paging), unread counts and marking read. */

type LegacyMessage = {
  _id: string;
  content: string;
  clientId: string;
  sender: { senderType: string; senderId: { _id: string; firstName: string } };
};
const thread = async (token: string, id: string, query = "") =>
  (await rest("GET", `/api/chats/mentee-messages/${id}${query}`, { token })).body as {
    messages: LegacyMessage[];
    nextCursor: string | null;
  };

describe("sending", () => {
  it("stores trimmed plain text and answers responseFromMessageCreation; both sides read the thread oldest first", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const sent = await sendAs(p, "mentee", id, "  <b>Hi</b> & hello  \n");
    expect(sent.status).toBe(201);
    expect(sent.body.responseFromMessageCreation).toMatchObject({
      _id: expect.any(String),
      // Populated, as the original client reads it (`conversation.participants[0].mentor`; ADR 0036).
      conversation: { _id: id, participants: [expect.objectContaining({ mentor: expect.objectContaining({ _id: p.mentor.id }) })] },
      conversationId: id,
      content: "<b>Hi</b> & hello",
      sender: { senderType: "mentee", senderId: { _id: p.mentee.id, firstName: p.mentee.firstName } },
      createdAt: expect.any(String),
    });
    expect(sent.body.conversation).toEqual({
      _id: id,
      participants: [{ mentor: expect.objectContaining({ _id: p.mentor.id }), mentee: expect.objectContaining({ _id: p.mentee.id }) }],
    });
    // The mentor's legacy path may name the mentee instead of the conversation.
    expect((await sendAs(p, "mentor", p.mentee.id, "Welcome!")).status).toBe(201);
    const asMentor = await rest("GET", `/api/chats/mentor-messages/${id}`, { token: p.mentorToken });
    expect((asMentor.body.messages as LegacyMessage[]).map((m) => [m.content, m.sender.senderType])).toEqual([
      ["<b>Hi</b> & hello", "mentee"],
      ["Welcome!", "mentor"],
    ]);
  });

  it("refuses empty, blank and over-long messages with a 400; 4,000 characters pass", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    expect(await sendAs(p, "mentee", id, "")).toEqual({ status: 400, body: errorBody("Please type a message") });
    expect(await sendAs(p, "mentee", id, " \n\t ")).toEqual({ status: 400, body: errorBody("Please type a message") });
    expect(await sendAs(p, "mentee", id, "x".repeat(MESSAGE_MAX + 1))).toEqual({
      status: 400,
      body: errorBody("A message can be at most 4,000 characters long"),
    });
    expect((await rest("POST", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken, body: { message: 42 } })).status).toBe(400);
    expect((await sendAs(p, "mentee", id, "y".repeat(MESSAGE_MAX))).status).toBe(201);
    expect((await thread(p.menteeToken, id)).messages.map((m) => m.content.length)).toEqual([MESSAGE_MAX]);
  });

  it("takes the sender from the token: a body naming someone else is refused", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    expect(
      (await rest("POST", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken, body: { message: "hi", sender: p.mentor.id } }))
        .status,
    ).toBe(403);
  });

  it("a retried send (same client id) returns the stored message and stores nothing twice, even when sent concurrently", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const first = await trpc(p.menteeToken).chat.send.mutate({ conversationId: id, message: "Only once", clientId: "client-abc-123" });
    const again = await trpc(p.menteeToken).chat.send.mutate({ conversationId: id, message: "Only once", clientId: "client-abc-123" });
    expect(first.created).toBe(true);
    expect(again).toMatchObject({ created: false, message: { id: first.message.id, clientId: "client-abc-123" } });
    const racing = await Promise.all(Array.from({ length: 6 }, () => sendAs(p, "mentee", id, "Racing", "client-race-0001")));
    expect(racing.map((r) => r.status)).toEqual(Array(6).fill(201));
    expect(new Set(racing.map((r) => (r.body.responseFromMessageCreation as LegacyMessage)._id)).size).toBe(1);
    expect((await thread(p.menteeToken, id)).messages.map((m) => m.content)).toEqual(["Only once", "Racing"]);
    // The same client id in another conversation of the same sender is a conflict, not a silent reuse.
    const secondMentor = await createMentor();
    await createEnrollment(p.mentee.id, secondMentor.id);
    const otherId = (await trpc(p.menteeToken).chat.open.mutate({ mentorId: secondMentor.id })).id;
    expect(await sendAs(p, "mentee", otherId, "Only once", "client-abc-123")).toEqual({ status: 409, body: errorBody(CLIENT_ID_REUSED) });
    expect((await sendAs(p, "mentee", otherId, "x", "no spaces allowed")).status).toBe(400);
  });

  it(`limits a sender to ${SEND_LIMIT} messages in a short window with a 429; the other side may still send`, async () => {
    const p = await chatPair();
    const id = await openChat(p);
    for (let i = 0; i < SEND_LIMIT; i++) expect((await sendAs(p, "mentee", id, `message ${i}`)).status).toBe(201);
    expect(await sendAs(p, "mentee", id, "one too many")).toEqual({ status: 429, body: errorBody(TOO_FAST) });
    expect(await trpcOutcome(trpc(p.menteeToken).chat.send.mutate({ conversationId: id, message: "again" }))).toMatchObject({
      status: 429,
      message: TOO_FAST,
    });
    expect((await sendAs(p, "mentor", id, "I can still answer")).status).toBe(201);
    expect((await thread(p.menteeToken, id)).messages).toHaveLength(SEND_LIMIT + 1);
  });

  it("refuses a message to a blocked participant", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await setBlocked("mentor", p.mentor.id, true);
    expect(await sendAs(p, "mentee", id, "Are you there?")).toEqual({ status: 403, body: errorBody(RECIPIENT_BLOCKED) });
  });
});

describe("reading", () => {
  it("pages the thread newest page first, each page oldest to newest, with no gaps or duplicates", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const sent: string[] = [];
    for (let i = 0; i < 35; i++) {
      const side = i % 2 === 0 ? "mentee" : "mentor";
      const r = await sendAs(p, side, id, `m${i}`);
      sent.push((r.body.responseFromMessageCreation as LegacyMessage)._id);
    }
    const latest = await thread(p.menteeToken, id);
    expect(latest.messages.map((m) => m.content)).toEqual(Array.from({ length: 30 }, (_, i) => `m${i + 5}`));
    expect(latest.nextCursor).toBe(latest.messages[0]._id);
    const earlier = await thread(p.menteeToken, id, `?before=${latest.nextCursor}`);
    expect(earlier.messages.map((m) => m.content)).toEqual(["m0", "m1", "m2", "m3", "m4"]);
    expect(earlier.nextCursor).toBeNull();
    expect([...earlier.messages, ...latest.messages].map((m) => m._id)).toEqual(sent);
    const after = await trpc(p.menteeToken).chat.messages.query({ conversationId: id, after: sent[32] });
    expect(after.messages.map((m) => m.content)).toEqual(["m33", "m34"]);
    expect((await rest("GET", `/api/chats/mentee-messages/${id}?before=${crypto.randomUUID()}`, { token: p.menteeToken })).status).toBe(
      400,
    );
  });

  it("counts unread messages per side, and marking read (either path) clears only the reader's", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    for (const text of ["one", "two", "three"]) await sendAs(p, "mentor", id, text);
    await sendAs(p, "mentee", id, "reply");
    expect(await rest("GET", `/api/chats/mentee-messages?menteeId=${p.mentee.id}`, { token: p.menteeToken })).toEqual({
      status: 200,
      body: { unreadConversations: 1, unreadMessages: 3 },
    });
    expect(await rest("GET", `/api/chats/mentor-messages?mentorId=${p.mentor.id}`, { token: p.mentorToken })).toEqual({
      status: 200,
      body: { unreadConversations: 1, unreadMessages: 1 },
    });
    expect((await rest("GET", `/api/chats/mentee-messages?menteeId=${p.mentor.id}`, { token: p.menteeToken })).status).toBe(403);

    expect(await rest("PATCH", `/api/chats/messages/${id}`, { token: p.menteeToken })).toEqual({
      status: 200,
      body: { message: "Marked as read", marked: 3 },
    });
    expect((await rest("GET", "/api/chats/mentee-messages", { token: p.menteeToken })).body).toEqual({
      unreadConversations: 0,
      unreadMessages: 0,
    });
    expect((await trpc(p.mentorToken).chat.unread.query({})).unreadMessages).toBe(1);
    expect((await rest("PATCH", `/api/chats/mentor-messages/${id}`, { token: p.mentorToken })).body).toMatchObject({ marked: 1 });
    expect(await trpc(p.mentorToken).chat.unread.query({})).toEqual({ unreadConversations: 0, unreadMessages: 0 });
    const held = (await thread(p.menteeToken, id)).messages as (LegacyMessage & { readAt: string | null })[];
    expect(held.every((m) => m.readAt !== null)).toBe(true);
  });
});
