import type { Connection, ConnectionContext } from "partyserver";
import { SIGN_IN_HEADER, type SignInScope } from "../shared/realtime-protocol";

/** Prefixed, because a connection's first tag is its id, which the client may choose. */
const tagOf = (familyId: string) => `sign-in:${familyId}`;

/** The tag of the sign-in the Worker admitted a socket for (partyserver keeps tags across hibernation). */
export function signInTags(ctx: ConnectionContext): string[] {
  const familyId = ctx.request.headers.get(SIGN_IN_HEADER);
  return familyId ? [tagOf(familyId)] : [];
}

/** Closes the sockets of the sign-ins in `scope`; returns how many it closed. */
export function closeSignIns(connections: Iterable<Connection>, scope: SignInScope, code: number, reason: string): number {
  let closed = 0;
  for (const connection of connections) {
    const tags = connection.tags.slice(1);
    if (scope.only !== undefined && !tags.includes(tagOf(scope.only))) continue;
    if (scope.except !== undefined && tags.includes(tagOf(scope.except))) continue;
    connection.close(code, reason);
    closed++;
  }
  return closed;
}
