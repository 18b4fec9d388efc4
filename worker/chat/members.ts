import type { Role } from "../../db/schema";
import { fail } from "../platform/domain-error";

/** One side of a conversation: the mentee or the mentor, always the caller's token's account. */
export type Member = { role: "mentee" | "mentor"; id: string };

export const otherRole = (role: Member["role"]): Member["role"] => (role === "mentee" ? "mentor" : "mentee");

const sidePaths = { mentee: "mentees", mentor: "mentors" } as const;

/** The caller as a chat member. `side` is the role a legacy path is for (`/chats/mentee-messages` is the mentees'). */
export function memberOf(auth: { sub: string; role: Role }, side?: Member["role"]): Member {
  if (auth.role !== "mentee" && auth.role !== "mentor") fail("FORBIDDEN", "Chat is only available to mentees and mentors.");
  if (side && side !== auth.role) fail("FORBIDDEN", `This is only available to ${sidePaths[side]}.`);
  return { role: auth.role, id: auth.sub };
}
