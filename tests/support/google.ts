import type { LocalGoogleIdentity } from "../../worker/dev/local-google-provider";

export type GoogleIdentity = LocalGoogleIdentity;

/**
 * A person approves on the local Google's consent screen (worker/dev/local-google.ts, ADR 0033) as the
 * page's form does: the code Google puts on the redirect to the app's callback.
 */
export async function consentAsGoogle(
  authorizationUrl: string,
  identity: GoogleIdentity,
  /** More of the form, as a test names it: `auth_time` (seconds) for a sign-in Google reused instead of asking again. */
  extra: Record<string, string> = {},
): Promise<string> {
  const url = new URL(authorizationUrl);
  const form = new URLSearchParams({
    ...Object.fromEntries(url.searchParams),
    sub: identity.sub,
    email: identity.email,
    given_name: identity.given_name ?? "",
    family_name: identity.family_name ?? "",
    ...(identity.email_verified ? { email_verified: "on" } : {}),
    ...(identity.picture ? { picture: identity.picture } : {}),
    ...extra,
  });
  const response = await fetch(`${url.origin}${url.pathname}`, { method: "POST", body: form, redirect: "manual" });
  if (response.status !== 302) throw new Error(`the local Google answered ${response.status}: ${await response.text()}`);
  const code = new URL(response.headers.get("location")!).searchParams.get("code");
  if (!code) throw new Error("the local Google gave no code");
  return code;
}
