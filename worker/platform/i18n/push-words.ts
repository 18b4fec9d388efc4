import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { Locale } from "../../../shared/locale";
import type { NoticeKind } from "../../../shared/notification-kinds";
import { i18nFor } from "./index";
import { translateSentence } from "./sentences";

/**
 * A Web Push message's words in its recipient's language (ADR 0027): the title names the kind of
 * notice, the body is the bell notice's own sentence, which the Worker writes in English (SPEC §8) and
 * the `messages` catalog translates, as the app does for the bell.
 */
const TITLES: Record<NoticeKind, MessageDescriptor> = {
  reminder: msg`Session reminder`,
  message: msg`New message`,
  booking: msg`Your sessions`,
  moderation: msg`A moderator's decision`,
  account: msg`Your MentorLink account`,
};

export const pushTitle = (kind: NoticeKind, locale: Locale) => i18nFor(locale)._(TITLES[kind]);

export const pushBody = (content: string, locale: Locale) => translateSentence(content, locale);
