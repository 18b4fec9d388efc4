import * as v from "valibot";

/**
 * Text people write that reaches calendar files, mails and the other party's screen: no control
 * characters (ADR 0013). A calendar reader takes a bare carriage return for a line break, so one in
 * an agenda or a slot's title could start a property of its own in the .ics file (ATTENDEE, URL,
 * DTSTART). Multi-line fields (the app's textareas) keep their line breaks and tabs: a form's CRLF
 * becomes LF first (an HTML form sends a textarea's breaks as CRLF), then any other control
 * character, a lone CR among them, is refused with the field's own sentence. The calendar builder
 * normalises line breaks again (worker/calendars/ics.ts), for text stored before this check.
 */

/** C0 controls but tab and line feed, DEL, and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/;
/** Every C0 control (tab and line feed included), DEL, and the C1 controls. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is what it is for
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]/;

/** A form's CRLF line breaks as LF. */
export const lineFeeds = v.transform((s: string) => s.replace(/\r\n/g, "\n"));
/** Multi-line text: line breaks and tabs, no other control character. */
export const plainText = (message: string) => v.check((s: string) => !CONTROL_IN_TEXT.test(s), message);
/** One line: no control character at all. */
export const plainLine = (message: string) => v.check((s: string) => !CONTROL_IN_LINE.test(s), message);
