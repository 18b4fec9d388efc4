/**
 * The one look of the product's e-mails: a title, paragraphs, an optional table of details and an
 * optional code, in plain text and in HTML. Everything placed in the HTML is escaped here, so a
 * name or an agenda typed by a person can never become markup.
 */

import type { MailMessage } from "./mail";

export const PRODUCT = "MentorLink";

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export type MailContent = {
  title: string;
  /** The language it is written in (ADR 0027): `<html lang>` of a mail not in English. */
  lang?: string;
  /** "Hi Asha," (plain words; escaped in the HTML). */
  greeting?: string;
  paragraphs: string[];
  /** Label and value rows (when, with whom, amount, ...). */
  details?: [label: string, value: string][];
  /** A secret code shown large (reset codes). */
  code?: string;
};

/** One message of this look: the title as its subject, in plain text and HTML. */
export const layoutMail = (to: string, content: MailContent, extra: Partial<MailMessage> = {}): MailMessage => ({
  to,
  subject: content.title,
  text: textOf(content),
  html: htmlOf(content),
  ...extra,
});

export function htmlOf(content: MailContent): string {
  const { title, greeting, paragraphs, details, code, lang } = content;
  const p = (text: string) => `<p style="margin:0 0 12px">${escapeHtml(text).replace(/\n/g, "<br>")}</p>`;
  const codeBlock = code ? `<p style="font-size:28px;font-weight:700;letter-spacing:6px;margin:16px 0">${escapeHtml(code)}</p>` : "";
  const table = details?.length
    ? `<table role="presentation" style="border-collapse:collapse;margin:0 0 16px">${details
        .map(
          ([label, value]) =>
            `<tr><th align="left" style="padding:4px 16px 4px 0;color:#475569;font-weight:600;vertical-align:top">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value).replace(/\n/g, "<br>")}</td></tr>`,
        )
        .join("")}</table>`
    : "";
  return `<!doctype html><html${lang && lang !== "en" ? ` lang="${escapeHtml(lang)}"` : ""}><body style="font-family:system-ui,sans-serif;color:#0f172a"><h1 style="font-size:20px">${escapeHtml(title)}</h1>${greeting ? p(greeting) : ""}${codeBlock}${table}${paragraphs.map(p).join("")}<p style="color:#64748b;font-size:12px">${PRODUCT}</p></body></html>`;
}

export function textOf(content: MailContent): string {
  const { title, greeting, paragraphs, details, code } = content;
  const parts = [title];
  if (greeting) parts.push(greeting);
  if (code) parts.push(`Your code: ${code}`);
  if (details?.length) parts.push(details.map(([label, value]) => `${label}: ${value}`).join("\n"));
  parts.push(...paragraphs, PRODUCT);
  return parts.join("\n\n");
}
