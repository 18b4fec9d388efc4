import type { Role } from "./role";

/**
 * What a notification is about (ADR 0027): each notice the bell gets has one kind, and each person
 * chooses per kind which channels (in the app, e-mail, push to her devices) carry it. The Worker
 * applies the choice; the settings screen shows it. Both read this one table.
 */
export const NOTICE_KINDS = ["reminder", "message", "booking", "moderation", "account"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

export const CHANNELS = ["inApp", "email", "push"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * What a channel does with a kind for a role: it carries it and may be turned off (`switch`), it
 * always carries it (`always`: security and payment e-mails, sign-in alerts in the bell), or it
 * carries nothing of that kind (`none`: mentees get no e-mail about messages).
 */
export type ChannelRule = "switch" | "always" | "none";
type Rules = Record<Channel, ChannelRule>;

const ALL: Rules = { inApp: "switch", email: "switch", push: "switch" };
const NO_EMAIL: Rules = { inApp: "switch", email: "none", push: "switch" };
const ACCOUNT: Rules = { inApp: "always", email: "always", push: "switch" };

/** The kinds each role receives, in the order the settings screen lists them, and what each channel does with them. */
export const CHANNEL_RULES: Record<Role, Partial<Record<NoticeKind, Rules>>> = {
  mentee: { reminder: ALL, message: NO_EMAIL, booking: ALL, moderation: NO_EMAIL, account: ACCOUNT },
  // His e-mail about messages: a subscriber has waited 72 hours for his reply (ADR 0026).
  mentor: { reminder: ALL, message: ALL, booking: ALL, moderation: NO_EMAIL, account: ACCOUNT },
  // Moderators' only notices are sign-in alerts: a pop-up in their open tabs (they have no bell), and their devices if they choose.
  moderator: { account: { inApp: "always", email: "none", push: "switch" } },
};

export const kindsOf = (role: Role): NoticeKind[] => NOTICE_KINDS.filter((kind) => CHANNEL_RULES[role][kind]);

export const ruleOf = (role: Role, kind: NoticeKind, channel: Channel): ChannelRule => CHANNEL_RULES[role][kind]?.[channel] ?? "none";

/** A stored choice: one kind's channels, each on or off. Kinds never touched are not stored (everything on). */
export type ChannelChoice = Record<Channel, boolean>;
export type Preferences = Record<NoticeKind, ChannelChoice>;

/**
 * Whether a channel carries a kind to this person: on by default, off only where she turned a
 * switch off; `always` is on and `none` off whatever is stored.
 */
export function channelOn(
  role: Role,
  kind: NoticeKind,
  channel: Channel,
  stored: Partial<Record<NoticeKind, Partial<ChannelChoice>>> = {},
): boolean {
  const rule = ruleOf(role, kind, channel);
  if (rule !== "switch") return rule === "always";
  return stored[kind]?.[channel] ?? true;
}

/** Every kind's channels as they apply to this person (the settings screen's switches). */
export function preferencesOf(role: Role, stored: Partial<Record<NoticeKind, Partial<ChannelChoice>>> = {}): Preferences {
  const choice = (kind: NoticeKind): ChannelChoice => ({
    inApp: channelOn(role, kind, "inApp", stored),
    email: channelOn(role, kind, "email", stored),
    push: channelOn(role, kind, "push", stored),
  });
  return Object.fromEntries(NOTICE_KINDS.map((kind) => [kind, choice(kind)])) as Preferences;
}
