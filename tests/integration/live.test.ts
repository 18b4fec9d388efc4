import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { timeSlots } from "../../db/schema";
import { CLOSE_SIGN_IN_ENDED } from "../../shared/realtime-protocol";
import { accessTokenFor, createMentee, createMentor, setBlocked, testDb } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";
import { createModerator } from "../support/moderation";
import { closeCodeOf, socketTicket, socketUrl } from "../support/sockets";

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;

type Party = { id: string; token: string };
type Session = { slotId: string; mentor: Party; mentee: Party };

/** A booked slot of a fresh pair, starting `startIn` from now (negative: already started). */
async function bookedSession(startIn: number, type: "session" | "trial" = "session"): Promise<Session> {
  const mentor = await createMentor({ timeZone: "Asia/Kolkata" });
  const mentee = await createMentee({ timeZone: "America/New_York" });
  const start = new Date(Date.now() + startIn);
  const [slot] = await testDb()
    .insert(timeSlots)
    .values({
      mentorId: mentor.id,
      startAt: start,
      endAt: new Date(start.getTime() + HOUR),
      state: "booked",
      type,
      menteeId: mentee.id,
      bookedAt: new Date(),
    })
    .returning();
  return {
    slotId: slot.id,
    mentor: { id: mentor.id, token: await accessTokenFor("mentor", mentor.id) },
    mentee: { id: mentee.id, token: await accessTokenFor("mentee", mentee.id) },
  };
}

const verify = (slotId: string, token?: string, body: Record<string, unknown> = {}) =>
  rest("POST", "/api/chats/verify-live", { token, body: { slotId, ...body } });

type Envelope = { event: string; data: any };

/** A live-room socket that keeps every message it received, in order. */
class Peer {
  readonly received: Envelope[] = [];
  closed: { code: number; reason: string } | null = null;
  private constructor(readonly socket: WebSocket) {
    socket.on("message", (raw) => this.received.push(JSON.parse(raw.toString()) as Envelope));
    socket.on("close", (code, reason) => (this.closed = { code, reason: reason.toString() }));
  }

  /** Opens the room's socket with a fresh ticket of the sign-in `token` belongs to (none without a token). */
  static async open(slotId: string, token?: string, headers: Record<string, string> = {}): Promise<Peer> {
    return Peer.connect(socketUrl(`live-room/${slotId}`, token ? await socketTicket(token) : undefined), headers);
  }

  /** Opens a socket, or rejects with the HTTP status and text of the refusal. */
  static connect(url: string, headers: Record<string, string> = {}): Promise<Peer> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const peer = new Peer(socket);
      socket.once("open", () => resolve(peer));
      socket.once("unexpected-response", (_req, res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => reject(new Error(`refused ${res.statusCode}: ${text}`)));
      });
      socket.once("error", reject);
    });
  }

  async next(event: string, timeout = 5000): Promise<Envelope> {
    const deadline = Date.now() + timeout;
    for (;;) {
      const found = this.received.find((m) => m.event === event);
      if (found) {
        this.received.splice(this.received.indexOf(found), 1);
        return found;
      }
      if (Date.now() > deadline) throw new Error(`no ${event} within ${timeout} ms; got ${JSON.stringify(this.received)}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  send(event: string, data: unknown) {
    this.socket.send(JSON.stringify({ event, data }));
  }

  close() {
    this.socket.close();
  }
}

describe("verify-live", () => {
  it("answers 200 to the slot's mentor and its booked mentee inside the window, and says who joins", async () => {
    const s = await bookedSession(5 * MINUTE);
    const mentor = await verify(s.slotId, s.mentor.token, { userId: s.mentor.id });
    expect(mentor.status).toBe(200);
    expect(mentor.body).toMatchObject({ session: { slotId: s.slotId, role: "mentor", other: { role: "mentee", id: s.mentee.id } } });
    const mentee = await verify(s.slotId, s.mentee.token);
    expect(mentee.status).toBe(200);
    expect(mentee.body).toMatchObject({ session: { role: "mentee", other: { role: "mentor", id: s.mentor.id } } });
    // tRPC does the same.
    expect(await trpcOutcome(trpc(s.mentee.token).live.verify.mutate({ slotId: s.slotId }))).toMatchObject({ status: 200 });
  });

  it("refuses everyone else, whatever the body says: another mentee, another mentor, a moderator, no token, a body naming the mentee", async () => {
    const s = await bookedSession(0);
    const otherMentee = await createMentee();
    const otherMentor = await createMentor();
    const moderator = await createModerator();
    for (const token of [
      await accessTokenFor("mentee", otherMentee.id),
      await accessTokenFor("mentor", otherMentor.id),
      await accessTokenFor("moderator", moderator.id),
    ]) {
      const refused = await verify(s.slotId, token, { userId: s.mentee.id });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/not yours/);
    }
    expect((await verify(s.slotId)).status).toBe(401);
    // The mentor's token with the mentee's id in the body: the token decides, and a different id is refused.
    expect((await verify(s.slotId, s.mentor.token, { userId: s.mentee.id })).status).toBe(403);
    // A blocked participant is refused with the account check's answer.
    await setBlocked("mentee", s.mentee.id, true);
    expect((await verify(s.slotId, s.mentee.token)).status).toBe(403);
  });

  it("opens 10 minutes before the start and closes at the end, saying why outside it; 404 for no booked session", async () => {
    const early = await bookedSession(30 * MINUTE);
    const tooEarly = await verify(early.slotId, early.mentee.token);
    expect(tooEarly.status).toBe(403);
    expect(tooEarly.body.message).toMatch(
      /^Too early: this session starts .* \(America\/New_York\); you can join from 10 minutes before\.$/,
    );
    expect(tooEarly.body.opensAt).toBe(new Date(Date.parse(tooEarly.body.end as string) - HOUR - 10 * MINUTE).toISOString());
    // The mentor's message is in his own zone.
    expect((await verify(early.slotId, early.mentor.token)).body.message).toMatch(/\(Asia\/Kolkata\)/);

    const nine = await bookedSession(9 * MINUTE);
    expect((await verify(nine.slotId, nine.mentor.token)).status).toBe(200);

    const ended = await bookedSession(-HOUR - MINUTE);
    const after = await verify(ended.slotId, ended.mentor.token);
    expect(after.status).toBe(403);
    expect(after.body.message).toMatch(/^This session has ended/);
    // The last minute still counts; the trial call ends after 15 minutes.
    const lastMinute = await bookedSession(-HOUR + MINUTE);
    expect((await verify(lastMinute.slotId, lastMinute.mentee.token)).status).toBe(200);
    const trial = await bookedSession(-16 * MINUTE, "trial");
    expect((await verify(trial.slotId, trial.mentee.token)).body.message).toMatch(/has ended/);

    expect((await verify("no-such-slot", ended.mentor.token)).status).toBe(404);
    const open = await createMentor();
    const [openSlot] = await testDb()
      .insert(timeSlots)
      .values({ mentorId: open.id, startAt: new Date(), endAt: new Date(Date.now() + HOUR) })
      .returning();
    expect((await verify(openSlot.id, await accessTokenFor("mentor", open.id))).status).toBe(404);
    expect((await verify("", ended.mentor.token)).status).toBe(400);
  });

  it("gives the ICE servers only inside the window (STUN by default, no secret in them)", async () => {
    const s = await bookedSession(0);
    const joined = await trpc(s.mentor.token).live.join.mutate({ slotId: s.slotId });
    expect(joined.iceServers).toEqual([{ urls: ["stun:stun.cloudflare.com:3478"] }]);
    const later = await bookedSession(2 * HOUR);
    expect(await trpcOutcome(trpc(later.mentee.token).live.join.mutate({ slotId: later.slotId }))).toMatchObject({
      status: 403,
      message: expect.stringMatching(/^Too early/),
    });
    // The page's session read works at any time, for the two participants only.
    expect((await trpc(later.mentee.token).live.session.query({ slotId: later.slotId })).other.id).toBe(later.mentor.id);
    const stranger = await createMentee();
    expect(await trpcOutcome(trpc(await accessTokenFor("mentee", stranger.id)).live.session.query({ slotId: later.slotId }))).toMatchObject(
      { status: 403 },
    );
  });
});

describe("the live room", () => {
  it("refuses a wrong token, a third account, and a join outside the window", async () => {
    const s = await bookedSession(0);
    await expect(Peer.open(s.slotId)).rejects.toThrow("refused 401");
    await expect(Peer.connect(socketUrl(`live-room/${s.slotId}`, "not-a-ticket"))).rejects.toThrow("refused 401");
    // The access token in the URL opens nothing any more (ADR 0020).
    await expect(Peer.connect(`${socketUrl(`live-room/${s.slotId}`)}?token=${encodeURIComponent(s.mentor.token)}`)).rejects.toThrow(
      /refused 401: A socket ticket is required/,
    );
    const stranger = await createMentee();
    await expect(Peer.open(s.slotId, await accessTokenFor("mentee", stranger.id))).rejects.toThrow(
      /refused 403: This session is not yours/,
    );
    const early = await bookedSession(HOUR);
    await expect(Peer.open(early.slotId, early.mentor.token)).rejects.toThrow(/refused 403: Too early/);
    const ended = await bookedSession(-2 * HOUR);
    await expect(Peer.open(ended.slotId, ended.mentee.token)).rejects.toThrow(/refused 403: This session has ended/);
    await expect(Peer.open("no-such-slot", s.mentor.token)).rejects.toThrow("refused 404");
  });

  it("a client cannot claim to be someone else with the room's headers", async () => {
    const s = await bookedSession(0);
    const stranger = await createMentee();
    await expect(
      Peer.open(s.slotId, await accessTokenFor("mentee", stranger.id), { "x-live-role": "mentee", "x-live-id": s.mentee.id }),
    ).rejects.toThrow("refused 403");
    // A participant's forged headers are overwritten with who the token says.
    const mentor = await Peer.open(s.slotId, s.mentor.token, { "x-live-role": "mentee", "x-live-id": s.mentee.id });
    expect((await mentor.next("welcome")).data.you).toMatchObject({ role: "mentor", id: s.mentor.id });
    mentor.close();
  });

  it("relays offers, answers and candidates to the other participant only, and tells each who is there", async () => {
    const s = await bookedSession(-5 * MINUTE);
    const mentor = await Peer.open(s.slotId, s.mentor.token);
    const hello = await mentor.next("welcome");
    expect(hello.data).toMatchObject({ you: { role: "mentor", id: s.mentor.id }, peer: null });
    expect(Date.parse(hello.data.closesAt)).toBeGreaterThan(Date.now());

    const mentee = await Peer.open(s.slotId, s.mentee.token);
    expect((await mentee.next("welcome")).data.peer).toMatchObject({ role: "mentor", id: s.mentor.id });
    expect((await mentor.next("peer-joined")).data).toMatchObject({ role: "mentee", id: s.mentee.id });

    mentor.send("signal", { description: { type: "offer", sdp: "v=0 offer" } });
    expect((await mentee.next("signal")).data).toEqual({ description: { type: "offer", sdp: "v=0 offer" } });
    mentee.send("signal", { candidate: { candidate: "candidate:1", sdpMid: "0" } });
    expect((await mentor.next("signal")).data).toEqual({ candidate: { candidate: "candidate:1", sdpMid: "0" } });
    // Nothing else is relayed, and nobody hears their own signals.
    mentee.send("chatter", { hello: true });
    await new Promise((r) => setTimeout(r, 300));
    expect(mentor.received.filter((m) => m.event !== "peer-joined")).toEqual([]);
    expect(mentee.received).toEqual([]);

    // A reload: the mentee's new socket replaces the old one; the mentor hears a join, not a leave.
    const again = await Peer.open(s.slotId, s.mentee.token);
    await again.next("welcome");
    await expect.poll(() => mentee.closed?.code).toBe(4009);
    expect((await mentor.next("peer-joined")).data.role).toBe("mentee");
    expect(mentor.received.some((m) => m.event === "peer-left")).toBe(false);

    again.close();
    expect((await mentor.next("peer-left")).data.role).toBe("mentee");
    mentor.close();
  });

  it("a participant's logout closes their socket here at once (4001); the other person stays and hears that they left", async () => {
    const s = await bookedSession(-5 * MINUTE);
    const mentor = await Peer.open(s.slotId, s.mentor.token);
    await mentor.next("welcome");
    const mentee = await Peer.open(s.slotId, s.mentee.token);
    await mentee.next("welcome");
    await mentor.next("peer-joined");
    expect((await rest("POST", "/api/mentees/logout", { token: s.mentee.token })).status).toBe(200);
    await expect.poll(() => closeCodeOf(mentee.socket), { timeout: 5000 }).toBe(CLOSE_SIGN_IN_ENDED);
    expect((await mentor.next("peer-left")).data.role).toBe("mentee");
    expect(mentor.socket.readyState).toBe(WebSocket.OPEN);
    mentee.socket.terminate();
    mentor.close();
  });

  it("closes the room at the session's end plus the grace period", async () => {
    // The trial call ends 15 minutes after the start; the grace period is 5 minutes: the room closes in about 2 s.
    const s = await bookedSession(-20 * MINUTE + 2000, "trial");
    const joinedAt = new Date(Date.now() - 6 * MINUTE).toISOString();
    const mentee = await Peer.open(s.slotId, s.mentee.token, { "x-mentorlink-now": joinedAt });
    await mentee.next("welcome");
    await mentee.next("ended", 10_000);
    // The close frame arrives with it (ws reports its code before the TCP connection ends, which workerd takes its time over).
    await expect.poll(() => (mentee.socket as unknown as { _closeCode: number })._closeCode, { timeout: 3000 }).toBe(4010);
    mentee.socket.terminate();
    // The room takes nobody after that, whatever clock the request claims (outside production a test may set one).
    const late = await Peer.open(s.slotId, s.mentor.token, { "x-mentorlink-now": joinedAt });
    await late.next("ended");
    expect(late.received.some((m) => m.event === "welcome")).toBe(false);
    late.socket.terminate();
  });
});
