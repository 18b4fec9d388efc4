import babel from "@lingui/cli/api/extractors/babel";
import type { LinguiConfig } from "@lingui/conf";
import { formatter } from "@lingui/format-po";
import { messagesExtractor } from "./scripts/i18n/messages-extractor";
import { publicFiles, signInFiles } from "./scripts/i18n/public-files";

/**
 * The product's message catalogs (ADR 0027). English is the source; Hindi is translated in the
 * .po files. The SPA's messages are split by where they are used, so a page loads the common catalog and
 * its own area's, in its own language only:
 *   common    what a public page can draw (the landing, browse, profiles);
 *   accounts  what the sign-in and sign-up pages draw besides (their forms), loaded by those pages and the areas;
 *   signed-in every other shared part (navs of the areas, booking, chat, live calls, notes, tickets…);
 *   mentee    the mentee's area; mentor: the mentor's (with the scheduler and earnings);
 *   moderator the moderator's;
 *   messages  what the Worker and the shared validation say (SPEC §8), keyed by the English text itself:
 *             the REST contract stays English and the app shows a Hindi reader its translation
 *             (scripts/lingui-messages-extractor.ts finds them).
 * The Worker's own texts (e-mails, reminders, calendar files) are the `server` catalog.
 */
const AREA_DIRS = {
  mentee: ["<rootDir>/src/routes/mentees"],
  mentor: ["<rootDir>/src/routes/mentors", "<rootDir>/src/scheduling/scheduler", "<rootDir>/src/payouts"],
  moderator: ["<rootDir>/src/routes/moderator", "<rootDir>/src/moderation"],
};
const areaDirs = Object.values(AREA_DIRS).flat();

/**
 * `common` is what a public page can draw (scripts/i18n/public-files.ts follows the imports of the
 * landing, browse and profile routes), plus the reason dialog, which every area draws (a
 * moderator's decision, a mentee's or mentor's dispute). `accounts` is what the sign-in and sign-up routes draw
 * besides: the public pages do not carry the forms' words. Every other shared file is `signed-in`, which only
 * the areas load: the public pages carry none of the areas' words.
 */
const COMMON_FILES = [...publicFiles(process.cwd()), "src/moderation/reason-dialog.tsx"].map((file) => `<rootDir>/${file}`);
const ACCOUNT_FILES = signInFiles(process.cwd()).map((file) => `<rootDir>/${file}`);

/** The SPA's folders outside the routes and the page drawing (ADR 0032): capabilities, the shared UI, the frame and the platform. */
const SIGNED_IN_DIRS = [
  "platform",
  "ui",
  "layout",
  "install",
  "accounts",
  "profiles",
  "search",
  "reviews",
  "payments",
  "payouts",
  "scheduling",
  "chat",
  "live",
  "attendance",
  "session-notes",
  "home",
  "tickets",
  "moderation",
  "notifications",
  "privacy",
  "calendars",
];

/** One catalog's messages only (`LINGUI_CATALOG=mentee npx lingui extract`), so people extracting different parts at once never write each other's files. */
const only = process.env.LINGUI_CATALOG;

const config: LinguiConfig = {
  locales: ["en", "hi"],
  sourceLocale: "en",
  fallbackLocales: { default: "en" },
  format: formatter({ lineNumbers: false }),
  catalogs: [
    { path: "<rootDir>/src/locales/{locale}/common", include: COMMON_FILES },
    { path: "<rootDir>/src/locales/{locale}/accounts", include: ACCOUNT_FILES },
    {
      path: "<rootDir>/src/locales/{locale}/signed-in",
      include: SIGNED_IN_DIRS.map((dir) => `<rootDir>/src/${dir}`),
      exclude: [...COMMON_FILES, ...ACCOUNT_FILES, ...areaDirs.map((dir) => `${dir}/**`)],
    },
    ...Object.entries(AREA_DIRS).map(([name, include]) => ({
      path: `<rootDir>/src/locales/{locale}/${name}`,
      include,
      exclude: [...COMMON_FILES, ...ACCOUNT_FILES],
    })),
    {
      path: "<rootDir>/shared/locales/{locale}/messages",
      include: ["<rootDir>/shared/validation", "<rootDir>/shared/attendance.ts", "<rootDir>/worker"],
      exclude: ["<rootDir>/worker/mail/**", "<rootDir>/worker/dev/**", "<rootDir>/worker/platform/i18n/**", "<rootDir>/worker/locales/**"],
    },
    {
      path: "<rootDir>/worker/locales/{locale}/server",
      include: ["<rootDir>/worker/mail", "<rootDir>/worker/calendars/ics.ts", "<rootDir>/worker/platform/i18n"],
    },
  ].filter((catalog) => !only || catalog.path.endsWith(`/${only}`)),
  // By the English text: the same catalog whatever order files are read in, so an extract changes only what changed.
  orderBy: "message",
  // The first extractor that matches a file reads it: the sentence extractor takes the Worker's and the validation's files.
  extractors: [messagesExtractor, babel],
};

export default config;
