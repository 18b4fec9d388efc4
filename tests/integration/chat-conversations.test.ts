import { describe, expect, it } from "vitest";
import { NO_CONVERSATION_ID } from "../../shared/validation/chat";
import { MENTOR_NOT_ELIGIBLE, NOT_ELIGIBLE, NOT_YOUR_CONVERSATION } from "../../worker/chat/conversations";
import { accessTokenFor, createMentee, createMentor, setBlocked } from "../support/accounts";
import { errorBody, rest, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createModerator } from "../support/moderation";

/** Conversations of a mentee and a mentor, who may open them, and who may read or write them. */

describe("opening a conversation", () => {
  it("a subscribed mentee opens one (SPEC §3 shape); opening again, or from the mentor's side, finds the same one", async () => {
    const p = await chatPair();
    const opened = await rest("POST", "/api/chats/messages", {
      token: p.menteeToken,
      body: { menteeId: p.mentee.id, mentorId: p.mentor.id },
    });
    expect(opened.status).toBe(200);
    const conversation = opened.body.conversations as Record<string, unknown>;
    expect(conversation).toMatchObject({
      _id: expect.any(String),
      participants: [
        {
          mentor: { _id: p.mentor.id, firstName: p.mentor.firstName, lastName: p.mentor.lastName, profileImageUrl: expect.any(String) },
          mentee: { _id: p.mentee.id, firstName: p.mentee.firstName, lastName: p.mentee.lastName, profileImageUrl: expect.any(String) },
        },
      ],
      unreadCount: 0,
      lastMessage: null,
    });
    expect(await openChat(p)).toBe(conversation._id);
    const fromMentor = await trpc(p.mentorToken).chat.open.mutate({ menteeId: p.mentee.id });
    expect(fromMentor).toMatchObject({ id: conversation._id, other: { id: p.mentee.id, role: "mentee" } });
  });

  it("concurrent opens of one pair share one conversation", async () => {
    const p = await chatPair();
    const ids = await Promise.all(
      Array.from({ length: 8 }, () =>
        trpc(p.menteeToken)
          .chat.open.mutate({ mentorId: p.mentor.id })
          .then((c) => c.id),
      ),
    );
    expect(new Set(ids).size).toBe(1);
  });

  it("a past subscription is enough; no subscription, or an unknown mentor, is refused", async () => {
    expect(await openChat(await chatPair("past"))).toEqual(expect.any(String));
    const none = await chatPair("none");
    expect(
      await rest("POST", "/api/chats/messages", { token: none.menteeToken, body: { menteeId: none.mentee.id, mentorId: none.mentor.id } }),
    ).toEqual({ status: 403, body: errorBody(NOT_ELIGIBLE) });
    expect(await trpcOutcome(trpc(none.mentorToken).chat.open.mutate({ menteeId: none.mentee.id }))).toMatchObject({
      status: 403,
      message: MENTOR_NOT_ELIGIBLE,
    });
    expect((await rest("POST", "/api/chats/messages", { token: none.menteeToken, body: { mentorId: crypto.randomUUID() } })).status).toBe(
      403,
    );
    expect((await rest("POST", "/api/chats/messages", { token: none.menteeToken, body: {} })).status).toBe(400);
  });

  it("takes the caller from the token: another mentee's id in the body is refused", async () => {
    const p = await chatPair();
    const other = await createMentee();
    expect(
      (await rest("POST", "/api/chats/messages", { token: p.menteeToken, body: { menteeId: other.id, mentorId: p.mentor.id } })).status,
    ).toBe(403);
  });
});

describe("only the two participants", () => {
  it("another mentee and another mentor get a 404; a moderator 403; anonymous 401; a blocked participant 403 — over REST", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    expect((await sendAs(p, "mentee", id, "Hello")).status).toBe(201);
    const [otherMentee, otherMentor, moderator] = await Promise.all([createMentee(), createMentor(), createModerator()]);
    const strangers = [
      { token: await accessTokenFor("mentee", otherMentee.id), side: "mentee", status: 404 },
      { token: await accessTokenFor("mentor", otherMentor.id), side: "mentor", status: 404 },
      { token: moderator.token, side: "mentee", status: 403 },
      { token: undefined, side: "mentee", status: 401 },
    ] as const;
    for (const s of strangers) {
      const base = `/api/chats/${s.side}-messages/${id}`;
      const read = await rest("GET", base, { token: s.token });
      expect(read.status, `GET as ${s.side} ${s.status}`).toBe(s.status);
      expect(read.body.messages).toBeUndefined();
      expect((await rest("POST", base, { token: s.token, body: { message: "intrusion" } })).status).toBe(s.status);
      expect((await rest("PATCH", base, { token: s.token })).status).toBe(s.status);
      expect((await rest("PATCH", `/api/chats/messages/${id}`, { token: s.token })).status).toBe(s.status);
    }
    expect(await rest("GET", `/api/chats/mentor-messages/${id}`, { token: strangers[1].token })).toEqual({
      status: 404,
      body: errorBody(NOT_YOUR_CONVERSATION),
    });
    // Nothing got in: the thread still holds the one message.
    expect(((await rest("GET", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken })).body.messages as unknown[]).length).toBe(1);

    await setBlocked("mentee", p.mentee.id, true);
    const blocked = await rest("POST", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken, body: { message: "still here?" } });
    expect(blocked).toMatchObject({ status: 403, body: { blocked: true } });
    expect((await rest("GET", `/api/chats/mentee-messages/${id}`, { token: p.menteeToken })).status).toBe(403);
  });

  it("the same over tRPC: every chat procedure refuses strangers", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    const otherMentor = await createMentor();
    const moderator = await createModerator();
    const stranger = trpc(await accessTokenFor("mentor", otherMentor.id));
    expect(await trpcOutcome(stranger.chat.messages.query({ conversationId: id }))).toMatchObject({ status: 404 });
    expect(await trpcOutcome(stranger.chat.send.mutate({ conversationId: id, message: "hi" }))).toMatchObject({ status: 404 });
    expect(await trpcOutcome(stranger.chat.markRead.mutate({ conversationId: id }))).toMatchObject({ status: 404 });
    expect(await trpcOutcome(stranger.chat.conversation.query({ conversationId: id }))).toMatchObject({ status: 404 });
    expect(await trpcOutcome(trpc(moderator.token).chat.conversations.query({}))).toMatchObject({ status: 403 });
    expect(await trpcOutcome(trpc().chat.unread.query({}))).toMatchObject({ status: 401 });
    expect(await stranger.chat.conversations.query({})).toEqual([]);
  });

  it("a mentee path is for mentees and a mentor path for mentors", async () => {
    const p = await chatPair();
    const id = await openChat(p);
    expect((await rest("GET", `/api/chats/mentee-messages/${id}`, { token: p.mentorToken })).status).toBe(403);
    expect((await rest("GET", `/api/chats/mentor-messages/${id}`, { token: p.menteeToken })).status).toBe(403);
    expect((await rest("GET", `/api/chats/mentor-messages/${id}`, { token: p.mentorToken })).status).toBe(200);
  });

  it('a missing conversation id is a 400 "No conversation id"', async () => {
    const p = await chatPair();
    expect(await rest("GET", "/api/chats/mentor-messages/", { token: p.mentorToken })).toEqual({
      status: 400,
      body: errorBody(NO_CONVERSATION_ID),
    });
    expect(await rest("PATCH", "/api/chats/mentor-messages", { token: p.mentorToken })).toEqual({
      status: 400,
      body: errorBody(NO_CONVERSATION_ID),
    });
    expect(await rest("PATCH", "/api/chats/messages", { token: p.menteeToken })).toEqual({
      status: 400,
      body: errorBody(NO_CONVERSATION_ID),
    });
  });
});

describe("the conversation lists", () => {
  it("list the caller's conversations, the latest activity first, with the last message, unread count and a name filter", async () => {
    const mentee = await createMentee();
    const [first, second] = await Promise.all([
      createMentor({ firstName: "Zubin", lastName: "Mehta" }),
      createMentor({ firstName: "Ila", lastName: "Arun" }),
    ]);
    const { createEnrollment } = await import("../support/moderation");
    await Promise.all([createEnrollment(mentee.id, first.id), createEnrollment(mentee.id, second.id)]);
    const menteeToken = await accessTokenFor("mentee", mentee.id);
    const p1 = { mentee, mentor: first, menteeToken, mentorToken: await accessTokenFor("mentor", first.id) };
    const p2 = { mentee, mentor: second, menteeToken, mentorToken: await accessTokenFor("mentor", second.id) };
    const c1 = await openChat(p1);
    const c2 = await openChat(p2);
    await sendAs(p2, "mentor", c2, "Welcome aboard");
    await sendAs(p1, "mentor", c1, "First reply");
    await sendAs(p1, "mentor", c1, "Second reply");

    const list = await rest("POST", "/api/chats/mentee-messages", { token: menteeToken, body: { menteeId: mentee.id } });
    expect(list.status).toBe(200);
    const conversations = list.body.conversations as {
      _id: string;
      unreadCount: number;
      lastMessage: { content: string; senderType: string };
    }[];
    expect(conversations.map((c) => c._id)).toEqual([c1, c2]);
    expect(conversations[0]).toMatchObject({ unreadCount: 2, lastMessage: { content: "Second reply", senderType: "mentor" } });
    expect(conversations[1]).toMatchObject({ unreadCount: 1, lastMessage: { content: "Welcome aboard" } });

    const filtered = await rest("POST", "/api/chats/mentee-messages?mentorName=ila%20ar", {
      token: menteeToken,
      body: { menteeId: mentee.id },
    });
    expect((filtered.body.conversations as { _id: string }[]).map((c) => c._id)).toEqual([c2]);
    expect((await rest("POST", "/api/chats/mentee-messages?mentorName=%25", { token: menteeToken, body: {} })).body.conversations).toEqual(
      [],
    );

    const mentorList = await rest("POST", "/api/chats/mentor-messages", { token: p1.mentorToken, body: { mentorId: first.id } });
    expect(mentorList.body.conversations).toEqual([expect.objectContaining({ _id: c1, unreadCount: 0 })]);
    expect((await rest("POST", "/api/chats/mentor-messages", { token: p1.mentorToken, body: { mentorId: second.id } })).status).toBe(403);
  });
});
