/** The three kinds of account (SPEC §3: the strings mentor, mentee, moderator). The one declaration. */
export const roles = ["mentee", "mentor", "moderator"] as const;
export type Role = (typeof roles)[number];

/** The two sides of a subscription: who books, chats, meets and raises tickets. */
export type MemberRole = Exclude<Role, "moderator">;
