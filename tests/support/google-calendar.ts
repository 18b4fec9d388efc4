import { baseUrl } from "./api";
import { consentAsGoogle } from "./google";

/** A mentor's page cookie (ADR 0028): the connect path is a navigation, read from it. */
async function pageCookie(accessToken: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/page-session`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` } });
  return (response.headers.get("set-cookie") ?? "").split(";")[0];
}

/**
 * The mentor connects her Google Calendar through the app's connect path and the local consent screen (ADR 0041);
 * returns where the callback sends her (`/mentors/scheduler?calendars=<outcome>`).
 */
export async function connectGoogleCalendar(token: string, email: string): Promise<string | null> {
  const cookie = await pageCookie(token);
  const started = await fetch(`${baseUrl()}/api/calendars/google/connect`, { headers: { cookie }, redirect: "manual" });
  const flow = started.headers
    .getSetCookie()
    .find((c) => c.startsWith("google_calendar_flow="))!
    .split(";")[0];
  const consentUrl = started.headers.get("location")!;
  const code = await consentAsGoogle(consentUrl, { sub: `sub-${email}`, email, email_verified: true });
  const state = new URL(consentUrl).searchParams.get("state")!;
  const back = await fetch(`${baseUrl()}/api/calendars/google/callback?code=${encodeURIComponent(code)}&state=${state}`, {
    headers: { cookie: `${cookie}; ${flow}` },
    redirect: "manual",
  });
  return back.headers.get("location");
}
