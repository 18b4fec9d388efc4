import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { DEMO_PASSWORD } from "../../db/factories";
import { openUserRooms, socketTickets } from "../../db/schema";
import { CLOSE_ACCOUNT_REFUSED, CLOSE_SIGN_IN_ENDED } from "../../shared/realtime-protocol";
import { SOCKET_TICKET_TTL_MS } from "../../worker/realtime/socket-tickets";
import { createMentee, setBlocked, signIn, testDb } from "../support/accounts";
import { baseUrl, rest, trpc, trpcOutcome } from "../support/api";
import { book, call, HOUR, mentee as menteeWithToken, mentor as mentorWithToken, publishOne, subscribe } from "../support/scheduling";
import { closeCodeOf, connect, roomUrlFor, socketTicket, socketUrl } from "../support/sockets";
import { opened, testDevice, turnOnPush, waitForPushes } from "../support/web-push";

/** The user rooms (ADR 0014), opened with single-use tickets and closed when their sign-in ends (ADR 0020). */

const roomOf = (id: string) => `user-room/mentee:${id}`;
/** Settles once the server's close frame arrived (see closeCodeOf). */
const closedWith = (socket: WebSocket, code: number) => expect.poll(() => closeCodeOf(socket), { timeout: 5_000 }).toBe(code);

/**
 * The next `event` the socket receives; refused, naming the event, after 20 s without it (a reminder's bell push goes
 * through two queues). Not awaited because the test failed before, the refusal is not reported a second time.
 */
function nextEvent(socket: WebSocket, event: string): Promise<unknown> {
  const next = new Promise((resolve, reject) => {
    const giveUp = setTimeout(() => {
      socket.off("message", onMessage);
      reject(new Error(`no "${event}" reached the socket in 20 s`));
    }, 20_000);
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString()) as { event: string; data: unknown };
      if (message.event === event) {
        clearTimeout(giveUp);
        socket.off("message", onMessage);
        resolve(message.data);
      }
    };
    socket.on("message", onMessage);
  });
  next.catch(() => undefined);
  return next;
}

describe("socket tickets", () => {
  it("an access token in the URL opens nothing; neither does a missing or made-up ticket", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    await expect(connect(`${socketUrl(roomOf(mentee.id))}?token=${encodeURIComponent(accessToken)}`)).rejects.toThrow(
      /refused 401: A socket ticket is required/,
    );
    await expect(connect(socketUrl(roomOf(mentee.id)))).rejects.toThrow("refused 401");
    await expect(connect(socketUrl(roomOf(mentee.id), "not-a-ticket"))).rejects.toThrow(
      /refused 401: This socket ticket is unknown, used or expired/,
    );
    // A ticket needs a signed-in caller.
    expect(await trpcOutcome(trpc().realtime.ticket.mutate())).toMatchObject({ status: 401 });
  });

  it("a ticket opens one socket: used again, or by two sockets at once, it works exactly once", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const url = await roomUrlFor(roomOf(mentee.id), accessToken);
    const first = await connect(url);
    first.terminate();
    await expect(connect(url)).rejects.toThrow("refused 401");

    const racing = await roomUrlFor(roomOf(mentee.id), accessToken);
    const outcomes = await Promise.allSettled([connect(racing), connect(racing), connect(racing)]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    outcomes.forEach((o) => (o.status === "fulfilled" ? o.value.terminate() : expect(String(o.reason)).toMatch("refused 401")));
  });

  it("keeps only the ticket's hash, for the caller's sign-in, for 30 s; an expired ticket is refused and pruned by the cron", async () => {
    const mentee = await createMentee();
    const { accessToken, refreshToken } = await signIn("mentee", mentee.email);
    const issued = await trpc(accessToken).realtime.ticket.mutate();
    expect(issued.ticket).toMatch(/^[\w-]{43}$/);
    const [row] = await testDb().select().from(socketTickets).where(eq(socketTickets.userId, mentee.id));
    expect(row).toMatchObject({ userRole: "mentee", familyId: refreshToken.split(".")[0] });
    expect(row.ticketHash).not.toBe(issued.ticket);
    expect(row.expiresAt.getTime()).toBe(Date.parse(issued.expiresAt));
    expect(Date.parse(issued.expiresAt) - Date.now()).toBeLessThanOrEqual(SOCKET_TICKET_TTL_MS);

    await testDb()
      .update(socketTickets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(socketTickets.userId, mentee.id));
    await expect(connect(socketUrl(roomOf(mentee.id), issued.ticket))).rejects.toThrow("refused 401");
    expect((await fetch(`${baseUrl()}/dev/cron/pruneSocketTickets`, { method: "POST" })).status).toBe(200);
    expect(await testDb().select().from(socketTickets).where(eq(socketTickets.userId, mentee.id))).toEqual([]);
  });

  it("another user's ticket cannot open your room", async () => {
    const mentee = await createMentee();
    const other = await createMentee();
    const { accessToken } = await signIn("mentee", other.email);
    await expect(connect(await roomUrlFor(roomOf(mentee.id), accessToken))).rejects.toThrow(
      /refused 403: This room belongs to another user/,
    );
    await expect(connect(await roomUrlFor(`user-room/mentor:${other.id}`, accessToken))).rejects.toThrow("refused 403");
  });

  it("a ticket taken before the sign-in ended opens nothing after it", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const ticket = await socketTicket(accessToken);
    expect((await rest("POST", "/api/mentees/logout", { token: accessToken })).status).toBe(200);
    await expect(connect(socketUrl(roomOf(mentee.id), ticket))).rejects.toThrow(/refused 401: This sign-in has ended/);
    expect(await trpcOutcome(trpc(accessToken).realtime.ticket.mutate())).toMatchObject({ status: 401 });
  });
});

describe("sockets end with their sign-in", () => {
  it("logout closes every tab of that sign-in at once (4001); another sign-in's tab stays, and later pushes reach only it", async () => {
    const mentee = await createMentee();
    const leaving = await signIn("mentee", mentee.email);
    const staying = await signIn("mentee", mentee.email);
    const tabs = [
      await connect(await roomUrlFor(roomOf(mentee.id), leaving.accessToken)),
      await connect(await roomUrlFor(roomOf(mentee.id), leaving.accessToken)),
    ];
    const other = await connect(await roomUrlFor(roomOf(mentee.id), staying.accessToken));
    const heard: string[] = [];
    tabs.forEach((tab) => tab.on("message", (raw) => heard.push(raw.toString())));
    try {
      expect((await rest("POST", "/api/mentees/logout", { token: leaving.accessToken })).status).toBe(200);
      for (const tab of tabs) await closedWith(tab, CLOSE_SIGN_IN_ENDED);
      const pushed = nextEvent(other, "notification");
      await signIn("mentee", mentee.email);
      expect(await pushed).toMatchObject({ content: expect.stringMatching(/New sign-in/) });
      expect(heard).toEqual([]);
      expect(other.readyState).toBe(WebSocket.OPEN);
    } finally {
      [...tabs, other].forEach((socket) => socket.terminate());
    }
  });

  it("a password change closes every other sign-in's sockets and keeps the current one's", async () => {
    const mentee = await createMentee();
    const current = await signIn("mentee", mentee.email);
    const elsewhere = await signIn("mentee", mentee.email);
    const mine = await connect(await roomUrlFor(roomOf(mentee.id), current.accessToken));
    const theirs = await connect(await roomUrlFor(roomOf(mentee.id), elsewhere.accessToken));
    try {
      const password = "Fresh-passw0rd-20";
      await trpc(current.accessToken).password.change.mutate({ currentPassword: DEMO_PASSWORD, password, confirmPassword: password });
      await closedWith(theirs, CLOSE_SIGN_IN_ENDED);
      // The current sign-in's socket still hears pushes.
      const pushed = nextEvent(mine, "notification");
      await signIn("mentee", mentee.email, password);
      expect(await pushed).toMatchObject({ content: expect.stringMatching(/New sign-in/) });
      expect(mine.readyState).toBe(WebSocket.OPEN);
    } finally {
      mine.terminate();
      theirs.terminate();
    }
  });
});

describe("user rooms", () => {
  it("answers setup with connected, and pushes a notification when the same user signs in elsewhere", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const socket = await connect(await roomUrlFor(roomOf(mentee.id), accessToken));
    try {
      const connected = nextEvent(socket, "connected");
      socket.send(JSON.stringify({ event: "setup", data: { id: mentee.id } }));
      expect(await connected).toEqual({ room: `mentee:${mentee.id}` });
      const pushed = nextEvent(socket, "notification");
      await signIn("mentee", mentee.email);
      expect(await pushed).toMatchObject({ type: "alert", isRead: false, content: expect.stringMatching(/New sign-in/) });
    } finally {
      socket.close();
    }
  });

  it("refuses a blocked account's ticket, taken before the block", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const url = await roomUrlFor(roomOf(mentee.id), accessToken);
    await setBlocked("mentee", mentee.id, true);
    await expect(connect(url)).rejects.toThrow("refused 403");
    expect(await trpcOutcome(trpc(accessToken).realtime.ticket.mutate())).toMatchObject({ status: 403 });
  });

  it("closes a user's open tabs (4003) once the Worker refuses the account as blocked", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const socket = await connect(await roomUrlFor(roomOf(mentee.id), accessToken));
    try {
      await setBlocked("mentee", mentee.id, true);
      const outcome = await trpcOutcome(trpc(accessToken).mentees.profile.query());
      expect(outcome.status).toBe(403);
      await closedWith(socket, CLOSE_ACCOUNT_REFUSED);
    } finally {
      socket.terminate();
    }
  });
});

describe("a wave of bell entries wakes only the rooms with a tab open (ADR 0043)", () => {
  const tabsOf = async (role: "mentee" | "mentor", id: string) =>
    (
      await testDb()
        .select({ tabs: openUserRooms.tabs })
        .from(openUserRooms)
        .where(and(eq(openUserRooms.userRole, role), eq(openUserRooms.userId, id)))
    )[0]?.tabs ?? 0;

  it("a room counts its open tabs while one is open and forgets them once the last has closed", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    expect(await tabsOf("mentee", mentee.id)).toBe(0);
    const first = await connect(await roomUrlFor(roomOf(mentee.id), accessToken));
    await expect.poll(() => tabsOf("mentee", mentee.id)).toBe(1);
    const second = await connect(await roomUrlFor(roomOf(mentee.id), accessToken));
    await expect.poll(() => tabsOf("mentee", mentee.id)).toBe(2);
    first.close();
    await expect.poll(() => tabsOf("mentee", mentee.id)).toBe(1);
    second.close();
    await expect.poll(() => tabsOf("mentee", mentee.id)).toBe(0);
  });

  it("a reminder reaches the tab she has open, and his device though he has no tab open", async () => {
    const start = new Date("2031-05-12T10:00:00Z");
    const bookNow = new Date(start.getTime() - 48 * HOUR);
    const [m, me] = [await mentorWithToken(), await menteeWithToken()];
    await subscribe(me.id, m.id, bookNow);
    const slotId = await publishOne(m.token, start, bookNow);
    expect((await book(me.token, slotId, bookNow)).status).toBe(201);
    const his = await testDevice();
    await turnOnPush(m.token, his);
    const tab = await connect(await roomUrlFor(roomOf(me.id), me.token));
    try {
      await expect.poll(() => tabsOf("mentee", me.id)).toBe(1);
      expect(await tabsOf("mentor", m.id)).toBe(0);
      const pushed = nextEvent(tab, "notification");
      expect((await call("POST", `/dev/cron/reminders?now=${start.getTime() - 50 * 60_000}`)).status).toBe(200);
      expect(await pushed).toMatchObject({ kind: "reminder", content: expect.stringMatching(/^Reminder: your session with Asha Rao/) });
      expect(await opened(his, (await waitForPushes(his, 1))[0])).toMatchObject({ kind: "reminder", url: "/mentors" });
    } finally {
      tab.close();
    }
  });
});
