import { Hono } from "hono";
import { html, raw } from "hono/html";
import * as v from "valibot";
import type { Db } from "../../db/client";
import { accountCalendars, findGrant, keepGrant, revokeGrant } from "./local-google-calendar-store";
import {
  LOCAL_GOOGLE_CLIENT_ID,
  LOCAL_GOOGLE_CLIENT_SECRET,
  localIdToken,
  openLocal,
  pkceChallenge,
  signLocal,
} from "./local-google-provider";

/**
 * The local Google (ADR 0033): Google's OAuth endpoints as the Worker's production client uses them
 * (GOOGLE_OAUTH_URL points here): the consent screen at `/o/oauth2/v2/auth` (pick a sample identity
 * or type one; the popup goes back to the app's real callback with a code), the token endpoint
 * (client credentials, code, redirect URI and PKCE verifier checked as Google checks them) and the
 * user-info endpoint. A request for calendar access with `access_type=offline` (a mentor connecting her
 * calendar) also gets a refresh token, kept in the local database so it can be renewed and revoked
 * (`/revoke`) as Google's. Mounted under `/dev/google`.
 */
export function localGoogle(db: Db): Hono {
  const app = new Hono();

  const STYLE = raw(`<style>
  *{box-sizing:border-box} body{margin:0;font:16px/1.5 system-ui,sans-serif;color:#0f172a;background:#f1f5f9}
  main{max-width:26rem;margin:1.5rem auto;padding:0 1rem} .card{background:#fff;border:1px solid #e2e8f0;border-radius:.75rem;padding:1.25rem;display:grid;gap:.9rem}
  h1{font-size:1.2rem;margin:0} .muted{color:#475569;font-size:.9rem;margin:0} label{font-weight:600;display:grid;gap:.3rem}
  input[type=email],input[type=text]{font:inherit;padding:.55rem .7rem;border:1px solid #94a3b8;border-radius:.5rem;width:100%}
  .check{display:flex;gap:.5rem;align-items:center;font-weight:400} button{font:inherit;font-weight:600;border-radius:.5rem;padding:.6rem 1rem;border:1px solid #94a3b8;background:#fff;cursor:pointer;text-align:left}
  .primary{background:#4f46e5;color:#fff;border-color:#4f46e5;text-align:center} .badge{display:inline-block;background:#fef3c7;color:#92400e;border-radius:999px;padding:.1rem .6rem;font-size:.8rem;font-weight:600;width:max-content}
  :focus-visible{outline:3px solid #6366f1;outline-offset:2px}
</style>`);

  const SAMPLES = [
    { email: "mentee@example.com", givenName: "Priya", familyName: "Sharma" },
    { email: "new.google.user@example.com", givenName: "Nisha", familyName: "Google" },
  ];

  const querySchema = v.object({
    client_id: v.literal(LOCAL_GOOGLE_CLIENT_ID),
    state: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
    redirect_uri: v.pipe(v.string(), v.url()),
    code_challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
    code_challenge_method: v.literal("S256"),
    scope: v.optional(v.pipe(v.string(), v.maxLength(500))),
    access_type: v.optional(v.picklist(["online", "offline"])),
    // A fresh sign-in (confirming an account deletion): this page always asks, so every approval is fresh.
    prompt: v.optional(v.pipe(v.string(), v.regex(/^[a-z_ ]{1,100}$/))),
    max_age: v.optional(v.pipe(v.string(), v.regex(/^\d{1,9}$/))),
  });

  const formSchema = v.object({
    ...querySchema.entries,
    email: v.pipe(v.string(), v.trim(), v.email("Enter an e-mail address"), v.maxLength(254), v.toLowerCase()),
    given_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
    family_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
    email_verified: v.optional(v.string()),
    // Google's stable account id and picture; the page leaves them to the double, a test may name them.
    sub: v.optional(v.pipe(v.string(), v.nonEmpty(), v.maxLength(255))),
    picture: v.optional(v.pipe(v.string(), v.url(), v.maxLength(500))),
    // When the person signed in (seconds); the approval's own time unless a test names an older one.
    auth_time: v.optional(v.pipe(v.string(), v.regex(/^\d{1,12}$/), v.transform(Number))),
  });

  /** Only the app's registered callbacks may receive a code (Google checks the client's registered redirect URIs): sign-in and calendar connect. */
  const appCallback = (redirectUri: string) =>
    /^\/api\/(mentees\/google_auth_mentee|calendars\/google)\/callback$/.test(new URL(redirectUri).pathname);
  const CALENDAR_SCOPE = /https:\/\/www\.googleapis\.com\/auth\/calendar/;

  app.get("/o/oauth2/v2/auth", (c) => {
    const query = v.safeParse(querySchema, c.req.query());
    if (!query.success || !appCallback(query.output.redirect_uri)) return c.text("Bad authorization request", 400);
    const hidden = html`<input type="hidden" name="client_id" value="${query.output.client_id}"><input type="hidden" name="code_challenge_method" value="S256"><input type="hidden" name="state" value="${query.output.state}"><input type="hidden" name="redirect_uri" value="${query.output.redirect_uri}"><input type="hidden" name="code_challenge" value="${query.output.code_challenge}"><input type="hidden" name="scope" value="${query.output.scope ?? ""}"><input type="hidden" name="access_type" value="${query.output.access_type ?? "online"}">${query.output.prompt ? html`<input type="hidden" name="prompt" value="${query.output.prompt}">` : ""}`;
    const calendar = CALENDAR_SCOPE.test(query.output.scope ?? "");
    return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Local Google sign-in</title>${STYLE}</head><body><main><div class="card">
<span class="badge">Development: local stand-in for Google</span>
<h1>${query.output.prompt?.split(" ").includes("login") ? "Sign in again to confirm" : "Choose an account"}</h1>
<p class="muted">This page plays Google on this machine. ${calendar ? "The app asks to see your calendars and to add, change and delete its events in them." : "The app's real callback signs you in."}</p>
${SAMPLES.map(
  (
    s,
  ) => html`<form method="post">${hidden}<input type="hidden" name="email" value="${s.email}"><input type="hidden" name="given_name" value="${s.givenName}"><input type="hidden" name="family_name" value="${s.familyName}"><input type="hidden" name="email_verified" value="on">
<button type="submit">${s.givenName} ${s.familyName}<br><span class="muted">${s.email}</span></button></form>`,
)}
<form method="post" class="card" style="padding:0;border:0">${hidden}
  <label>E-mail <input type="email" name="email" required autocomplete="off"></label>
  <label>First name <input type="text" name="given_name"></label>
  <label>Last name <input type="text" name="family_name"></label>
  <label class="check"><input type="checkbox" name="email_verified" checked> Google has verified this e-mail</label>
  <button type="submit" class="primary">Continue</button>
</form>
</div></main></body></html>`);
  });

  app.post("/o/oauth2/v2/auth", async (c) => {
    const form = v.safeParse(formSchema, await c.req.parseBody());
    if (!form.success || !appCallback(form.output.redirect_uri)) return c.text("Bad authorization request", 400);
    const f = form.output;
    const identity = {
      sub: f.sub ?? `local-${f.email}`,
      email: f.email,
      email_verified: f.email_verified === "on",
      given_name: f.given_name,
      family_name: f.family_name,
      picture: f.picture ?? null,
    };
    const code = await signLocal({
      ...identity,
      kind: "code",
      challenge: f.code_challenge,
      redirectUri: f.redirect_uri,
      scope: f.scope || "openid email profile",
      offline: f.access_type === "offline",
      auth_time: f.auth_time ?? Math.floor(Date.now() / 1000),
    });
    const target = new URL(f.redirect_uri);
    target.searchParams.set("code", code);
    target.searchParams.set("state", f.state);
    return c.redirect(target.toString(), 302);
  });

  /** Google's token endpoint: the client's credentials (Basic or in the form), the code, its redirect URI and the PKCE verifier. */
  app.post("/token", async (c) => {
    const form = Object.fromEntries(new URLSearchParams(await c.req.text()));
    const basic = `Basic ${btoa(`${LOCAL_GOOGLE_CLIENT_ID}:${LOCAL_GOOGLE_CLIENT_SECRET}`)}`;
    const authorized =
      c.req.header("authorization") === basic ||
      (form.client_id === LOCAL_GOOGLE_CLIENT_ID && form.client_secret === LOCAL_GOOGLE_CLIENT_SECRET);
    if (!authorized) return c.json({ error: "invalid_client" }, 401);
    if (form.grant_type === "refresh_token") {
      const kept = await findGrant(db, form.refresh_token ?? "");
      if (!kept || kept.revoked_at) return c.json({ error: "invalid_grant", error_description: "Token has been expired or revoked." }, 400);
      const identity = { sub: kept.sub, email: kept.email, email_verified: true };
      const token = await signLocal({
        ...identity,
        kind: "token",
        challenge: "",
        redirectUri: "",
        scope: kept.scope,
        grant: kept.refresh_token,
      });
      return c.json({ access_token: token, token_type: "Bearer", expires_in: 299, scope: kept.scope });
    }
    const grant = form.grant_type === "authorization_code" ? await openLocal(form.code ?? "", "code") : null;
    if (!grant || grant.redirectUri !== form.redirect_uri || grant.challenge !== pkceChallenge(form.code_verifier ?? ""))
      return c.json({ error: "invalid_grant" }, 400);
    const scope = grant.scope ?? "openid email profile";
    // Google gives a refresh token only to an offline request; the calendar connect asks for one.
    const refreshToken = grant.offline ? `1//local-${crypto.randomUUID()}` : undefined;
    if (refreshToken) await keepGrant(db, { refresh_token: refreshToken, sub: grant.sub, email: grant.email, scope });
    // The account's calendars exist from its consent on, so the page can add meetings before the app reads them.
    if (/\/auth\/calendar/.test(scope)) await accountCalendars(db, grant.email);
    const token = await signLocal({ ...grant, kind: "token", grant: refreshToken });
    return c.json({
      access_token: token,
      token_type: "Bearer",
      expires_in: 299,
      scope,
      id_token: await localIdToken({ sub: grant.sub, email: grant.email, auth_time: grant.auth_time }),
      ...(refreshToken ? { refresh_token: refreshToken } : {}),
    });
  });

  /** Google's revocation endpoint: a refresh token, or an access token of a grant, ends the grant. */
  app.post("/revoke", async (c) => {
    const token = new URLSearchParams(await c.req.text()).get("token") ?? "";
    const access = await openLocal(token, "token");
    const revoked = await revokeGrant(db, access?.grant ?? token);
    return revoked ? c.body(null, 200) : c.json({ error: "invalid_token", error_description: "Token expired or revoked" }, 400);
  });

  app.get("/v1/userinfo", async (c) => {
    const token = await openLocal((c.req.header("authorization") ?? "").replace(/^Bearer /, ""), "token");
    if (!token) return c.json({ error: "invalid_token" }, 401);
    const {
      kind: _kind,
      challenge: _challenge,
      redirectUri: _redirectUri,
      exp: _exp,
      scope: _scope,
      offline: _offline,
      grant: _grant,
      auth_time: _authTime,
      ...identity
    } = token;
    return c.json(identity);
  });

  return app;
}
