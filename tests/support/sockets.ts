import WebSocket from "ws";
import { baseUrl, trpc } from "./api";

/** A fresh single-use socket ticket of the sign-in `accessToken` belongs to (ADR 0020). */
export async function socketTicket(accessToken: string): Promise<string> {
  return (await trpc(accessToken).realtime.ticket.mutate()).ticket;
}

/** The URL of a room (`user-room/<role>:<id>` or `live-room/<slotId>`), with `?ticket=` when given. */
export const socketUrl = (room: string, ticket?: string) =>
  `${baseUrl().replace(/^http/, "ws")}/parties/${room}${ticket ? `?ticket=${encodeURIComponent(ticket)}` : ""}`;

/** A room's URL with a fresh ticket of the sign-in `accessToken` belongs to. */
export const roomUrlFor = async (room: string, accessToken: string) => socketUrl(room, await socketTicket(accessToken));

/**
 * The close code the server sent, as soon as its close frame arrived (ws reports it through
 * `close` only once the TCP connection ends, which workerd delays by about 10 s).
 */
export const closeCodeOf = (socket: WebSocket) => (socket as unknown as { _closeCode: number })._closeCode;

/** Opens a socket and resolves with it once open, or rejects with the HTTP status and text of the refusal. */
export function connect(url: string): Promise<WebSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url);
    socket.once("open", () => resolve(socket));
    socket.once("unexpected-response", (_req, res) => {
      let text = "";
      res.on("data", (chunk: Buffer) => (text += chunk.toString()));
      res.on("end", () => reject(new Error(`refused ${res.statusCode}: ${text}`)));
    });
    socket.once("error", reject);
  });
}
