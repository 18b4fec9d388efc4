import WebSocket from "ws";
import { accessTokenFor, createMentee, createMentor } from "./accounts";
import { rest } from "./api";
import { createEnrollment } from "./moderation";
import { roomUrlFor } from "./sockets";

const DAY = 86_400_000;

/** A mentee and a mentor made for one test, with tokens; by default she subscribes to him now. */
export async function chatPair(enrollment: "active" | "past" | "none" = "active") {
  const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
  if (enrollment === "active") await createEnrollment(mentee.id, mentor.id);
  if (enrollment === "past")
    await createEnrollment(mentee.id, mentor.id, {
      status: "expired",
      activatedAt: new Date(Date.now() - 90 * DAY),
      endedAt: new Date(Date.now() - 60 * DAY),
    });
  const [menteeToken, mentorToken] = await Promise.all([accessTokenFor("mentee", mentee.id), accessTokenFor("mentor", mentor.id)]);
  return { mentee, mentor, menteeToken, mentorToken };
}

export type ChatPair = Awaited<ReturnType<typeof chatPair>>;

/** Opens the pair's conversation as the mentee (REST, SPEC §7) and returns its id. */
export async function openChat(p: ChatPair): Promise<string> {
  const opened = await rest("POST", "/api/chats/messages", {
    token: p.menteeToken,
    body: { menteeId: p.mentee.id, mentorId: p.mentor.id },
  });
  if (opened.status !== 200) throw new Error(`open failed: ${opened.status} ${JSON.stringify(opened.body)}`);
  return (opened.body.conversations as { _id: string })._id;
}

export const sendAs = (p: ChatPair, side: "mentee" | "mentor", conversationId: string, message: string, clientId?: string) =>
  rest("POST", `/api/chats/${side}-messages/${conversationId}`, {
    token: side === "mentee" ? p.menteeToken : p.mentorToken,
    body: { message, sender: side === "mentee" ? p.mentee.id : p.mentor.id, ...(clientId ? { clientId } : {}) },
  });

/** A user's room socket that records every push it receives. */
export type RoomSocket = { socket: WebSocket; events: { event: string; data: Record<string, unknown> }[]; close: () => void };

/** Joins a user's room (`<role>:<id>`) with a fresh ticket of the sign-in `token` belongs to. */
export async function joinRoom(room: string, token: string): Promise<RoomSocket> {
  const url = await roomUrlFor(`user-room/${room}`, token);
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    const events: RoomSocket["events"] = [];
    socket.on("message", (raw) => events.push(JSON.parse(raw.toString()) as RoomSocket["events"][number]));
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once("error", reject);
    socket.once("open", () => {
      socket.send(JSON.stringify({ event: "setup", data: {} }));
      const ready = setInterval(() => {
        if (events.some((e) => e.event === "connected")) {
          clearInterval(ready);
          resolve({ socket, events, close: () => socket.terminate() });
        }
      }, 10);
    });
  });
}

export const pushes = (room: RoomSocket, event: string) => room.events.filter((e) => e.event === event).map((e) => e.data);
