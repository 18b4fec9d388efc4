import { Hono, type Context } from "hono";
import { PRERENDER_ATTRIBUTE } from "../../src/lib/page-shells";
import { PROFILE_DATA_ID, profileDataJson } from "../../src/lib/profile-seed";
import { renderProfilePage } from "../../src/prerender/profile-page";
import type { AppEnv } from "../app-env";
import { readConfig } from "../env";
import { cachedMentorProfile } from "../services/catalogue-cache";
import { dbFor } from "../trpc/context";

/**
 * A mentor's public profile page with the profile in its HTML (issue 13, ADR 0018): the built
 * index.html with its profile shell filled by the Worker, from the same per-location cache as
 * `mentors.profile`, and the answer as JSON for the app's first render. An unknown or unavailable
 * mentor, or a database that cannot answer now, gets the plain shell: the app then shows what it
 * shows today (the mentor's unavailable page, or a retry).
 */
export const profilePageRoutes = new Hono<AppEnv>();

profilePageRoutes.get("/browse/mentor/profile/:id", async (c) => {
  const mentorId = c.req.param("id");
  // The built page and the profile are read at the same time.
  const [shell, body] = await Promise.all([c.env.ASSETS.fetch(new Request(new URL("/", c.req.url))), profileBlock(c, mentorId)]);
  if (body === null) return shell;
  const filled = new HTMLRewriter()
    .on(`[${PRERENDER_ATTRIBUTE}="profile"]`, {
      element(el) {
        el.setInnerContent(body, { html: true });
      },
    })
    .transform(shell);
  // Per mentor and changing with the profile: revalidated on every visit, never kept by a shared cache as the one index.html.
  const headers = new Headers(filled.headers);
  headers.delete("etag");
  headers.set("cache-control", "no-cache");
  return new Response(filled.body, { status: 200, headers });
});

/** The rendered profile and its answer as JSON, or null when the mentor or the database cannot answer now. */
async function profileBlock(c: Context<AppEnv>, mentorId: string): Promise<string | null> {
  try {
    const config = readConfig(c.env);
    const mentor = await cachedMentorProfile(dbFor(config), mentorId, config.SEARCH_CACHE_SECONDS, (p) => c.executionCtx.waitUntil(p));
    const answer = { mentor, isEnrollmentActive: false };
    const page = await renderProfilePage(mentorId, answer);
    return page + `<script type="application/json" id="${PROFILE_DATA_ID}">${profileDataJson(mentorId, answer)}</script>`;
  } catch {
    return null;
  }
}
