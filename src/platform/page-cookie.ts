import type { Role } from "../../shared/role";

/**
 * The cookie that lets the Worker draw a signed-in page with the person's data (ADR 0028,
 * worker/accounts/page-session.routes.ts). HttpOnly, so the app never sees it: it asks for it with the role's access token on
 * sign-in and on every token refresh, and has it cleared when the role's sign-in ends here. Either is best effort: a
 * page without the cookie is drawn by the app.
 */
export function askForPageCookie(accessToken: string): void {
  void fetch("/page-session", { method: "POST", headers: { authorization: `Bearer ${accessToken}` } }).catch(() => undefined);
}

export function dropPageCookie(role: Role): void {
  void fetch(`/page-session/${role}`, { method: "DELETE" }).catch(() => undefined);
}

/** The cookies that tell the Worker the browser's zone, and a mentee's recent searches (src/platform/worker-drawn-viewer.ts). */
export const ZONE_COOKIE = "zone";
export const SEARCHES_COOKIE = "searches";

const told = (name: string, value: string, path: string) => {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; Path=${path}; Max-Age=31536000; SameSite=Lax${secure}`;
};

/**
 * Tells the Worker the browser's zone, which a signed-in page it draws writes its times in (src/platform/viewer-zone.ts):
 * not a secret, a year long. As the browser names it; the date library stays out of the app's first script.
 */
export function tellZone(): void {
  told(ZONE_COOKIE, Intl.DateTimeFormat().resolvedOptions().timeZone, "/");
}

/** Tells the Worker a mentee's recent searches, with her pages only (her home suggests mentors from them). */
export function tellSearches(searches: string[]): void {
  told(SEARCHES_COOKIE, JSON.stringify(searches), "/mentees");
}
