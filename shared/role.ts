/** The three kinds of account (SPEC §3: the strings mentor, mentee, moderator). The one declaration. */
export const roles = ["mentee", "mentor", "moderator"] as const;
export type Role = (typeof roles)[number];

/** Whether a value names one of the three roles. */
export const isRole = (value: unknown): value is Role => typeof value === "string" && (roles as readonly string[]).includes(value);

/** The two sides of a subscription: who books, chats, meets and raises tickets. */
export type MemberRole = Exclude<Role, "moderator">;
