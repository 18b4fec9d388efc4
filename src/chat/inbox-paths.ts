/** Where each side's inbox lives (SPEC §2 `connect/inbox/:conversationId?`). */
export type ChatSide = "mentee" | "mentor";

export const INBOX = { mentee: "/mentees/connect/inbox", mentor: "/mentors/connect/inbox" } as const;
export const INBOX_THREAD = { mentee: "/mentees/connect/inbox/$conversationId", mentor: "/mentors/connect/inbox/$conversationId" } as const;
