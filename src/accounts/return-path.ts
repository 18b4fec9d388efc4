/**
 * The same-origin check of a return-to path, on its own so that the public pages' nav
 * can use it without the rest of the sign-in code: it starts with one "/" (not "//"), has no
 * backslash, no scheme and no control character, and is not a sign-in page; anything else is null.
 */
const MAX_LENGTH = 2000;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== "string" || value.length === 0 || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value.startsWith("//")) return null;
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a return path refuses it
  if (value.includes("\\") || /[\u0000-\u001f\u007f]/.test(value)) return null;
  // A scheme before the path ("/javascript:" is a path, but "javascript:" is not; the first check refuses it).
  let url: URL;
  try {
    url = new URL(value, "https://same-origin.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "https://same-origin.invalid") return null;
  if (url.pathname === "/auth" || url.pathname.startsWith("/auth/")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
