import type { Messages } from "@lingui/core";
import type { Locale } from "../../../shared/locale";
import { messages as englishCommon } from "../../locales/en/common.po";

/**
 * The SPA's message catalogs (lingui.config.ts), one file per language and part: a page loads the
 * common catalog and its own area's, in its own language only. English's common catalog is part of the
 * app's first script (every page needs it); everything else is a small chunk of its own.
 */
export type CatalogName = "common" | "accounts" | "signed-in" | "mentee" | "mentor" | "moderator" | "messages";

type Loader = () => Promise<{ messages: Messages }>;

const LOADERS: Record<Locale, Record<CatalogName, Loader>> = {
  en: {
    common: () => Promise.resolve({ messages: englishCommon }),
    accounts: () => import("../../locales/en/accounts.po"),
    "signed-in": () => import("../../locales/en/signed-in.po"),
    mentee: () => import("../../locales/en/mentee.po"),
    mentor: () => import("../../locales/en/mentor.po"),
    moderator: () => import("../../locales/en/moderator.po"),
    // The Worker's messages are English already: nothing to look up.
    messages: () => Promise.resolve({ messages: {} }),
  },
  hi: {
    common: () => import("../../locales/hi/common.po"),
    accounts: () => import("../../locales/hi/accounts.po"),
    "signed-in": () => import("../../locales/hi/signed-in.po"),
    mentee: () => import("../../locales/hi/mentee.po"),
    mentor: () => import("../../locales/hi/mentor.po"),
    moderator: () => import("../../locales/hi/moderator.po"),
    messages: () => import("../../../shared/locales/hi/messages.po"),
  },
};

export const loadCatalogFile = (locale: Locale, name: CatalogName) => LOADERS[locale][name]().then((module) => module.messages);

/** English's common catalog, there without a wait (the prerender and the first render use it). */
export const ENGLISH_COMMON = englishCommon;
