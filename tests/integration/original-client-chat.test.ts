import { describe, expect, it } from "vitest";
import { rest } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";

/**
 * The original product's web client (React/Vite; its calls in src/api/*Services.js and src/slices/**) against our REST
 * API: each request below is sent as that client sends it, and each expectation names the keys its screens read, with
 * the component they come from (ADR 0036). A change that breaks the original client fails here.
 */

type Row = {
  _id: string;
  participants: { mentor: { _id: string; firstName: string; lastName: string }; mentee: { _id: string; firstName: string } }[];
  latestMessage: { content: string; createdAt: string; sender: { senderType: string }; isRead: boolean | null } | null;
};

describe("the inbox (ChatUsersListComponent.jsx, UserProfileComponent.jsx)", () => {
  it("lists the mentee's conversations although the client always asks ?mentorName=hello, each row with latestMessage", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await sendAs(p, "mentor", id, "Hello from your mentor");

    // slices/MenteeSlices/conversationsSlice.js: POST ?mentorName=hello (a constant) with {menteeId}; InboxPageMentee.jsx reads data.conversations.
    const inbox = await rest("POST", "/api/chats/mentee-messages?mentorName=hello", {
      token: p.menteeToken,
      body: { menteeId: p.mentee.id },
    });
    expect(inbox.status).toBe(200);
    const [row] = inbox.body.conversations as Row[];
    expect(row._id).toBe(id);
    // UserProfileComponent.jsx (mentee): participants[0].mentor.{firstName, lastName, profileImageUrl}; the row is bold while
    // latestMessage.sender.senderType is "mentor" and latestMessage.isRead is false; it shows latestMessage.content and the time since createdAt.
    expect(row.participants[0].mentor).toMatchObject({ _id: p.mentor.id, firstName: p.mentor.firstName, lastName: p.mentor.lastName });
    expect(row.latestMessage).toEqual({
      content: "Hello from your mentor",
      createdAt: expect.any(String),
      sender: { senderType: "mentor" },
      isRead: false,
    });
    expect(Number.isNaN(Date.parse(row.latestMessage!.createdAt))).toBe(false);

    // Reading the conversation (InboxPageMentee.jsx marks it read through menteeServices.js markAsReadMessageFromMenteeSide) turns the row plain.
    expect((await rest("PATCH", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken })).status).toBe(200);
    const after = await rest("POST", "/api/chats/mentee-messages?mentorName=hello", {
      token: p.menteeToken,
      body: { menteeId: p.mentee.id },
    });
    expect((after.body.conversations as Row[])[0].latestMessage).toMatchObject({ sender: { senderType: "mentor" }, isRead: true });

    // A real name still filters (our own clients), and "hello" is no filter only as the client's placeholder.
    const none = await rest("POST", "/api/chats/mentee-messages?mentorName=zzzz-nobody", {
      token: p.menteeToken,
      body: { menteeId: p.mentee.id },
    });
    expect(none.body.conversations).toEqual([]);
  });

  it("the mentor's inbox: participants[0].mentee and latestMessage of the mentee's message; his own last message has no read state", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await sendAs(p, "mentee", id, "A question");
    // slices/MentorSlices/conversationsList.js: POST {mentorId}; InboxPageMentor.jsx reads data.conversations.
    const inbox = await rest("POST", "/api/chats/mentor-messages", { token: p.mentorToken, body: { mentorId: p.mentor.id } });
    const [row] = inbox.body.conversations as Row[];
    expect(row.participants[0].mentee).toMatchObject({ _id: p.mentee.id, firstName: p.mentee.firstName });
    expect(row.latestMessage).toMatchObject({ content: "A question", sender: { senderType: "mentee" }, isRead: false });

    await sendAs(p, "mentor", id, "An answer");
    const mine = await rest("POST", "/api/chats/mentor-messages", { token: p.mentorToken, body: { mentorId: p.mentor.id } });
    expect((mine.body.conversations as Row[])[0].latestMessage).toMatchObject({
      content: "An answer",
      sender: { senderType: "mentor" },
      isRead: null,
    });
    // An empty conversation has no latest message (the row shows no text and no time).
    const fresh = await chatPair();
    await openChat(fresh);
    const empty = await rest("POST", "/api/chats/mentee-messages?mentorName=hello", {
      token: fresh.menteeToken,
      body: { menteeId: fresh.mentee.id },
    });
    expect((empty.body.conversations as Row[])[0].latestMessage).toBeNull();
  });
});

describe("sending and reading messages (MessageInputComponent.jsx, MessageContent.jsx)", () => {
  it("the send answer carries the conversation populated, as menteeServices.js and mentorServices.js read the receiver from it", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    // menteeServices.js sentMessageFromMentee: POST /{conversationId} {message, sender}; reads
    // data.responseFromMessageCreation.conversation.participants[0].mentor.
    const fromMentee = await rest("POST", `/api/chats/mentee-messages/${id}`, {
      token: p.menteeToken,
      body: { message: "Hi", sender: p.mentee.id },
    });
    expect(fromMentee.status).toBe(201);
    const created = fromMentee.body.responseFromMessageCreation as Record<string, any>;
    expect(created.conversation.participants[0].mentor).toMatchObject({ _id: p.mentor.id, firstName: p.mentor.firstName });
    expect(created).toMatchObject({ content: "Hi", sender: { senderType: "mentee" }, createdAt: expect.any(String) });
    // mentorServices.js sentMessageFromMentor: the same with participants[0].mentee.
    const fromMentor = await rest("POST", `/api/chats/mentor-messages/${id}`, {
      token: p.mentorToken,
      body: { message: "Hey", sender: p.mentor.id },
    });
    expect((fromMentor.body.responseFromMessageCreation as any).conversation.participants[0].mentee).toMatchObject({ _id: p.mentee.id });

    // slices/MenteeSlices/messageSlice.js and MentorSlices/messageSlice.js: GET /{conversationId} reads data.messages;
    // MessageContent.jsx reads sender.senderType, content and createdAt.
    for (const [side, token] of [
      ["mentee", p.menteeToken],
      ["mentor", p.mentorToken],
    ] as const) {
      const thread = await rest("GET", `/api/chats/${side}-messages/${id}`, { token });
      expect((thread.body.messages as any[]).map((m) => [m.content, m.sender.senderType])).toEqual([
        ["Hi", "mentee"],
        ["Hey", "mentor"],
      ]);
      expect((thread.body.messages as any[]).every((m) => !Number.isNaN(Date.parse(m.createdAt)))).toBe(true);
    }
  });

  it("unread counts read unreadConversations (unreadMessagesCount.js asks ?menteeId, menteeServices.js ?menteId), and a conversation is marked read both ways", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    await sendAs(p, "mentor", id, "One");
    for (const query of [`menteeId=${p.mentee.id}`, `menteId=${p.mentee.id}`]) {
      const unread = await rest("GET", `/api/chats/mentee-messages?${query}`, { token: p.menteeToken });
      expect(unread).toMatchObject({ status: 200, body: { unreadConversations: 1 } });
    }
    // slices/MenteeSlices/conversationsSlice.js markAsReadMenteeSide: PATCH /api/chats/messages with {conversationId}.
    expect((await rest("PATCH", "/api/chats/messages", { token: p.menteeToken, body: { conversationId: id } })).status).toBe(200);
    expect((await rest("GET", `/api/chats/mentee-messages?menteeId=${p.mentee.id}`, { token: p.menteeToken })).body).toMatchObject({
      unreadConversations: 0,
    });
    // Without an id it stays the SPEC's 400 "No conversation id".
    expect(await rest("PATCH", "/api/chats/messages", { token: p.menteeToken, body: {} })).toMatchObject({
      status: 400,
      body: { message: "No conversation id" },
    });

    await sendAs(p, "mentee", id, "Two");
    // slices/MentorSlices/unreadConversation.js: GET ?mentorId reads unreadConversations; mentorServices.js marks read with PATCH /{id}.
    expect((await rest("GET", `/api/chats/mentor-messages?mentorId=${p.mentor.id}`, { token: p.mentorToken })).body).toMatchObject({
      unreadConversations: 1,
    });
    expect((await rest("PATCH", `/api/chats/mentor-messages/${id}`, { token: p.mentorToken })).status).toBe(200);
    expect((await rest("GET", `/api/chats/mentor-messages?mentorId=${p.mentor.id}`, { token: p.mentorToken })).body).toMatchObject({
      unreadConversations: 0,
    });
  });

  it("Chat on a mentor's profile (MentorContactCard.jsx) opens the conversation and reads conversations._id", async () => {
    const p = await chatPair();
    const opened = await rest("POST", "/api/chats/messages", {
      token: p.menteeToken,
      body: { menteeId: p.mentee.id, mentorId: p.mentor.id },
    });
    expect(opened.status).toBe(200);
    expect((opened.body.conversations as { _id: string })._id).toEqual(expect.any(String));
  });
});
