import { describe, expect, it } from "vitest";
import WebSocket from "ws";
import { baseUrl } from "../support/api";
import { createMentee, setBlocked, signIn } from "../support/accounts";
import { rest, trpc, trpcOutcome } from "../support/api";

const roomUrl = (room: string, token?: string) =>
  `${baseUrl().replace(/^http/, "ws")}/parties/user-room/${room}${token ? `?token=${encodeURIComponent(token)}` : ""}`;

/** Opens a socket and resolves with it once open, or rejects with the HTTP status of the refusal. */
function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
    socket.once("error", reject);
  });
}

function nextEvent(socket: WebSocket, event: string): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(raw.toString()) as { event: string; data: unknown };
      if (message.event === event) {
        socket.off("message", onMessage);
        resolve(message.data);
      }
    };
    socket.on("message", onMessage);
  });
}

describe("user rooms", () => {
  it("refuses a socket whose sign-in has ended (logout), with a still-valid access token", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const open = await connect(roomUrl(`mentee:${mentee.id}`, accessToken));
    open.close();
    expect((await rest("POST", "/api/mentees/logout", { token: accessToken })).status).toBe(200);
    await expect(connect(roomUrl(`mentee:${mentee.id}`, accessToken))).rejects.toThrow("refused 401");
  });

  it("refuses a connection without a token, with a bad token, or to another user's room", async () => {
    const mentee = await createMentee();
    const other = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    await expect(connect(roomUrl(`mentee:${mentee.id}`))).rejects.toThrow("refused 401");
    await expect(connect(roomUrl(`mentee:${mentee.id}`, `${accessToken}x`))).rejects.toThrow("refused 401");
    await expect(connect(roomUrl(`mentee:${other.id}`, accessToken))).rejects.toThrow("refused 403");
    await expect(connect(roomUrl(`mentor:${mentee.id}`, accessToken))).rejects.toThrow("refused 403");
  });

  it("answers setup with connected, and pushes a notification when the same user signs in elsewhere", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const socket = await connect(roomUrl(`mentee:${mentee.id}`, accessToken));
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

  it("refuses a blocked account with a still-valid token", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    await setBlocked("mentee", mentee.id, true);
    await expect(connect(roomUrl(`mentee:${mentee.id}`, accessToken))).rejects.toThrow("refused 403");
  });

  it("closes a user's open tabs once the Worker refuses the account as blocked", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const socket = await connect(roomUrl(`mentee:${mentee.id}`, accessToken));
    try {
      await setBlocked("mentee", mentee.id, true);
      const outcome = await trpcOutcome(trpc(accessToken).mentees.profile.query({}));
      expect(outcome.status).toBe(403);
      // The server's close frame puts the socket in CLOSING at once (ws reports the code only after
      // the TCP connection ends, which workerd delays by about 10 s).
      await expect.poll(() => socket.readyState, { timeout: 5_000 }).toBe(WebSocket.CLOSING);
    } finally {
      socket.terminate();
    }
  });
});
