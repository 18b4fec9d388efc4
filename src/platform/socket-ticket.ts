import { apiError } from "./api-error";
import type { Role } from "./session";
import type { ApiClient } from "./trpc";

/** The server refused a socket ticket: the sign-in has ended or the account is blocked, so reconnecting cannot help. */
export class TicketRefused extends Error {}

/**
 * A fresh single-use socket ticket of `role`'s sign-in (ADR 0020), asked for before every (re)connect.
 * Through the app's client, so an expired access token is refreshed first and an ended sign-in
 * signs the tab out. A network failure rejects as is (the socket keeps retrying).
 */
export async function fetchSocketTicket(api: ApiClient, role: Role): Promise<string> {
  try {
    return (await api.realtime.ticket.mutate(undefined, { context: { role } })).ticket;
  } catch (error) {
    const answer = apiError(error);
    if (answer?.status === 401 || answer?.status === 403) throw new TicketRefused(answer.message);
    throw error;
  }
}
