import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import babel from "@lingui/cli/api/extractors/babel";
import { messagesExtractor } from "./scripts/i18n/messages-extractor";

/**
 * The product's message catalogs (issue 27, ADR 0027). English is the source; Hindi is translated in the
 * .po files. The SPA's messages are split by where they are used, so a page loads the common catalog and
 * its own area's, in its own language only:
 *   common    every public page, the sign-in and sign-up pages, the navs and the shared components;
 *   signed-in the signed-in areas' shared parts (booking, chat, live calls, session notes, tickets);
 *   mentee    the mentee's area; mentor: the mentor's (with the scheduler and earnings);
 *   moderator the moderator's;
 *   messages  what the Worker and the shared validation say (SPEC §8), keyed by the English text itself:
 *             the REST contract stays English and the app shows a Hindi reader its translation
 *             (scripts/lingui-messages-extractor.ts finds them).
 * The Worker's own texts (e-mails, reminders, calendar files) are the `server` catalog.
 */
const AREA_DIRS = {
  mentee: ["<rootDir>/src/routes/mentees"],
  mentor: ["<rootDir>/src/routes/mentors", "<rootDir>/src/components/scheduler", "<rootDir>/src/components/earnings"],
  moderator: ["<rootDir>/src/routes/moderator", "<rootDir>/src/components/moderation"],
};
/** The signed-in areas' shared parts (booking, chat, live calls, notes…): every area loads them; no public page renders them. */
const SIGNED_IN_DIRS = ["booking", "home", "live", "attendance", "session-notes", "tickets"].map((dir) => `<rootDir>/src/components/${dir}`);
// The chat's start button and unread badge are on public pages (a profile) and in the navs: they stay common.
const SIGNED_IN_CHAT = ["composer.tsx", "conversation-list.tsx", "inbox.tsx", "message-bubble.tsx", "thread.tsx", "use-message-sender.ts"].map((file) => `<rootDir>/src/components/chat/${file}`);
// The reason dialog asks moderators why, and mentees and mentors what happened in a dispute: every area loads it.
const SIGNED_IN_FILES = [...SIGNED_IN_CHAT, "<rootDir>/src/components/moderation/reason-dialog.tsx"];
const signedIn = [...SIGNED_IN_DIRS, ...SIGNED_IN_FILES];
const areaDirs = Object.values(AREA_DIRS).flat();

/** One catalog's messages only (`LINGUI_CATALOG=mentee npx lingui extract`), so people extracting different parts at once never write each other's files. */
const only = process.env.LINGUI_CATALOG;

const config: LinguiConfig = {
  locales: ["en", "hi"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/src/locales/{locale}/common", include: ["<rootDir>/src"], exclude: [...[...areaDirs, ...SIGNED_IN_DIRS, "<rootDir>/src/locales"].map((dir) => `${dir}/**`), ...SIGNED_IN_FILES, "<rootDir>/src/routeTree.gen.ts"] },
    { path: "<rootDir>/src/locales/{locale}/signed-in", include: signedIn },
    ...Object.entries(AREA_DIRS).map(([name, include]) => ({ path: `<rootDir>/src/locales/{locale}/${name}`, include, exclude: SIGNED_IN_FILES })),
    {
      path: "<rootDir>/src/locales/{locale}/messages",
      include: ["<rootDir>/shared/validation", "<rootDir>/worker/services", "<rootDir>/worker/trpc", "<rootDir>/worker/validation"],
      exclude: ["<rootDir>/worker/services/mail/**", "<rootDir>/worker/services/dev/**"],
    },
    { path: "<rootDir>/worker/locales/{locale}/server", include: ["<rootDir>/worker/services/mail", "<rootDir>/worker/services/ics.ts", "<rootDir>/worker/i18n"] },
  ].filter((catalog) => !only || catalog.path.endsWith(`/${only}`)),
  orderBy: "origin",
  // The first extractor that matches a file reads it: the sentence extractor takes the Worker's and the validation's files.
  extractors: [messagesExtractor, babel],
};

export default config;
