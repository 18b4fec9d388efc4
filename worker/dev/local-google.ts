import { Hono } from "hono";
import { html, raw } from "hono/html";
import * as v from "valibot";
import { isDevelopment, readConfig, type Env } from "../env";
import { signLocalCode } from "./local-google-provider";
import { GOOGLE_CALLBACK_PATH } from "../services/google/provider";

/**
 * The local stand-in for Google's consent screen (development only, and only without Google
 * credentials; 404 otherwise). Pick a sample identity or type one; the page sends the popup back
 * to the real callback with a signed code, and the callback runs exactly as it does for Google.
 */
export const localGooglePages = new Hono<{ Bindings: Env }>();

localGooglePages.use("*", async (c, next) => {
  const config = readConfig(c.env);
  if (!isDevelopment(config) || config.GOOGLE_CLIENT_ID) return c.text("Not found", 404);
  await next();
});

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
  state: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  redirect_uri: v.pipe(v.string(), v.url()),
  code_challenge: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/)),
});

const formSchema = v.object({
  ...querySchema.entries,
  email: v.pipe(v.string(), v.trim(), v.email("Enter an e-mail address"), v.maxLength(254), v.toLowerCase()),
  given_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
  family_name: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(50)), ""),
  email_verified: v.optional(v.string()),
});

/** Only the app's own callback may receive a code. */
const ownCallback = (redirectUri: string, requestUrl: string) => {
  const url = new URL(redirectUri);
  return url.origin === new URL(requestUrl).origin && url.pathname === GOOGLE_CALLBACK_PATH;
};

localGooglePages.get("/authorize", (c) => {
  const query = v.safeParse(querySchema, c.req.query());
  if (!query.success || !ownCallback(query.output.redirect_uri, c.req.url)) return c.text("Bad authorization request", 400);
  const hidden = html`<input type="hidden" name="state" value="${query.output.state}"><input type="hidden" name="redirect_uri" value="${query.output.redirect_uri}"><input type="hidden" name="code_challenge" value="${query.output.code_challenge}">`;
  return c.html(html`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex">
<title>Local Google sign-in</title>${STYLE}</head><body><main><div class="card">
<span class="badge">Development: local stand-in for Google</span>
<h1>Choose an account</h1>
<p class="muted">No Google credentials are configured, so this page plays Google. The app's real callback signs you in.</p>
${SAMPLES.map(
  (s) => html`<form method="post">${hidden}<input type="hidden" name="email" value="${s.email}"><input type="hidden" name="given_name" value="${s.givenName}"><input type="hidden" name="family_name" value="${s.familyName}"><input type="hidden" name="email_verified" value="on">
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

localGooglePages.post("/authorize", async (c) => {
  const form = v.safeParse(formSchema, await c.req.parseBody());
  if (!form.success || !ownCallback(form.output.redirect_uri, c.req.url)) return c.text("Bad authorization request", 400);
  const f = form.output;
  const identity = { sub: `local-${f.email}`, email: f.email, emailVerified: f.email_verified === "on", givenName: f.given_name, familyName: f.family_name, picture: null };
  const code = await signLocalCode(readConfig(c.env).JWT_SECRET, identity, f.code_challenge);
  const target = new URL(f.redirect_uri);
  target.searchParams.set("code", code);
  target.searchParams.set("state", f.state);
  return c.redirect(target.toString(), 302);
});
