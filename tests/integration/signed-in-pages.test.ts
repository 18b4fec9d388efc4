import { describe, expect, inject, it } from "vitest";
import { signAccessToken, signPageToken } from "../../worker/accounts/tokens";
import { accessTokenFor, createMentee, createMentor, setBlocked } from "../support/accounts";
import { baseUrl, rest, trpc, trpcOutcome } from "../support/api";
import { chatPair, openChat, sendAs } from "../support/chat";
import { createModerator } from "../support/moderation";

/**
 * ADR 0028: a signed-in page asked for with its role's page cookie is drawn by the Worker with the person's
 * data (worker/pages/signed-in-pages.routes.ts); anything less gets the plain app page.
 */

/** The page cookie the Worker sets for an access token (POST /page-session), as `name=value`. */
async function pageCookie(accessToken: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/page-session`, { method: "POST", headers: { authorization: `Bearer ${accessToken}` } });
  expect(response.status).toBe(204);
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0];
}

const TOLD = "zone=Asia%2FKolkata; searches=%5B%5D";

async function pageWith(path: string, cookie: string | null, language = "en") {
  const response = await fetch(`${baseUrl()}${path}`, {
    headers: { accept: "text/html", "accept-language": language, ...(cookie === null ? {} : { cookie }) },
  });
  const html = await response.text();
  const data = html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/)?.[1];
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    html,
    drawn: html.includes("<div data-drawn>"),
    data: data
      ? (JSON.parse(data) as {
          kind: string;
          role: string;
          userId: string;
          answers: { queryKey: unknown; data: unknown; readAt: number }[];
        })
      : null,
  };
}

/** A plain app page: the public pages' shells, no page drawn, no data. */
function expectPlain(page: Awaited<ReturnType<typeof pageWith>>, why: string) {
  expect(page.status, why).toBe(200);
  expect(page.drawn, why).toBe(false);
  expect(page.data, why).toBeNull();
  expect(page.html, why).toContain('data-prerender="landing"');
}

describe("the page cookie", () => {
  it("is set from a valid access token for its role: HttpOnly, SameSite=Lax, the whole site, a sign-in's life; cleared on request", async () => {
    const mentee = await createMentee();
    const response = await fetch(`${baseUrl()}/page-session`, {
      method: "POST",
      headers: { authorization: `Bearer ${await accessTokenFor("mentee", mentee.id)}` },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^page_mentee=[\w-]+\.[\w-]+\.[\w-]+;/);
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    expect(setCookie).toContain("Path=/");
    expect(setCookie).toContain(`Max-Age=${30 * 24 * 60 * 60}`);

    const cleared = await fetch(`${baseUrl()}/page-session/mentee`, { method: "DELETE" });
    expect(cleared.status).toBe(204);
    expect(cleared.headers.get("set-cookie")).toMatch(/^page_mentee=;.*Max-Age=0/);
  });

  it("is refused without a valid access token (none, made up, or a page token), and for an unknown role", async () => {
    const mentee = await createMentee();
    const pageToken = await signPageToken(inject("jwtSecret"), { sub: mentee.id, role: "mentee", sid: crypto.randomUUID() }, 60);
    for (const authorization of [undefined, "Bearer nonsense", `Bearer ${pageToken}`]) {
      const response = await fetch(`${baseUrl()}/page-session`, { method: "POST", headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("set-cookie"), authorization).toBeNull();
    }
    expect((await fetch(`${baseUrl()}/page-session/admin`, { method: "DELETE" })).status).toBe(404);
  });

  it("is no access token: the API refuses it as a bearer", async () => {
    const mentee = await createMentee();
    const cookie = await pageCookie(await accessTokenFor("mentee", mentee.id));
    const token = cookie.slice(cookie.indexOf("=") + 1);
    expect((await trpcOutcome(trpc(token).mentees.profile.query())).status).toBe(401);
  });
});

describe("a signed-in page asked for with its cookie", () => {
  it("carries the person's page and her reads, for her alone, never kept by a cache; the public shells are left out", async () => {
    const pair = await chatPair();
    await sendAs(pair, "mentor", await openChat(pair), "Zeynep's first note");
    const mentee = pair.mentee;
    const page = await pageWith("/mentees/connect/inbox", `${await pageCookie(pair.menteeToken)}; ${TOLD}`);
    expect(page.status).toBe(200);
    expect(page.cacheControl).toBe("private, no-store");
    expect(page.drawn).toBe(true);
    const drawn = page.html.slice(page.html.indexOf("<div data-drawn>"), page.html.indexOf('id="page-data"'));
    expect(drawn).toContain("Zeynep&#x27;s first note");
    expect(drawn).toContain(`${pair.mentor.firstName} ${pair.mentor.lastName}`);
    expect(drawn).toContain('id="main"');
    expect(page.html).not.toContain('data-prerender="landing"');
    expect(page.data?.kind).toBe("signed-in");
    expect(page.data?.role).toBe("mentee");
    expect(page.data?.userId).toBe(mentee.id);
    // Her conversations, as the app asks for them.
    expect(JSON.stringify(page.data?.answers.find((q) => JSON.stringify(q.queryKey).includes('"conversations"'))?.data)).toContain(
      "Zeynep's first note",
    );
  });

  it("draws a mentee's home with the recent searches her browser told, and a mentor's and a moderator's pages", async () => {
    const mentee = await createMentee();
    const cookie = await pageCookie(await accessTokenFor("mentee", mentee.id));
    const told = await pageWith(
      "/mentees",
      `${cookie}; zone=UTC; searches=${encodeURIComponent(JSON.stringify(["rust", "x".repeat(101), 7]))}`,
    );
    expect(told.drawn).toBe(true);
    const home = told.data?.answers.find((q) => JSON.stringify(q.queryKey).includes('"home"'));
    // Only what the app itself would keep: texts of at most 100 characters.
    expect(home?.queryKey).toEqual([["mentees", "home"], { input: { searches: ["rust"] }, type: "query" }]);

    const mentor = await createMentor({ firstName: "Tomasz" });
    const mentorPage = await pageWith("/mentors/scheduler", `${await pageCookie(await accessTokenFor("mentor", mentor.id))}; zone=UTC`);
    expect(mentorPage.drawn).toBe(true);
    expect(mentorPage.data?.role).toBe("mentor");
    const moderator = await createModerator();
    const moderatorPage = await pageWith(
      "/moderator",
      `${await pageCookie(await accessTokenFor("moderator", moderator.id))}; zone=Asia%2FKolkata`,
    );
    expect(moderatorPage.drawn).toBe(true);
    // The statistics are read in the zone the browser told.
    expect(JSON.stringify(moderatorPage.data?.answers.map((q) => q.queryKey))).toContain('"timeZone":"Asia/Kolkata"');
  });

  it("is the plain page without everything it needs: a cookie of this role, valid; the browser's zone; a mentee's searches", async () => {
    const mentee = await createMentee();
    const cookie = await pageCookie(await accessTokenFor("mentee", mentee.id));
    const value = cookie.slice(cookie.indexOf("=") + 1);
    const accessToken = await signAccessToken(inject("jwtSecret"), { sub: mentee.id, role: "mentee", sid: crypto.randomUUID() });
    const forged = `${value.slice(0, value.lastIndexOf(".") + 1)}${"A".repeat(43)}`;
    const cases: [string, string, string | null][] = [
      ["no cookie", "/mentees", TOLD],
      ["a forged cookie", "/mentees", `page_mentee=${forged}; ${TOLD}`],
      ["an access token in the cookie", "/mentees", `page_mentee=${accessToken}; ${TOLD}`],
      ["a mentee's cookie on a mentor's page", "/mentors", `page_mentor=${value}; ${TOLD}`],
      ["another area", "/mentors", `${cookie}; ${TOLD}`],
      ["no zone", "/mentees", `${cookie}; searches=%5B%5D`],
      ["a zone that is none", "/mentees", `${cookie}; zone=Mars%2FOlympus; searches=%5B%5D`],
      ["no searches told", "/mentees", `${cookie}; zone=UTC`],
    ];
    for (const [why, path, header] of cases) expectPlain(await pageWith(path, header), why);
  });

  it("is the plain page once the sign-in has ended (signed out) or the account is blocked: the app says why", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    const cookie = await pageCookie(token);
    expect((await pageWith("/mentees/booked-slots", `${cookie}; ${TOLD}`)).drawn).toBe(true);
    expect((await rest("POST", "/api/mentees/logout", { token })).status).toBe(200);
    expectPlain(await pageWith("/mentees/booked-slots", `${cookie}; ${TOLD}`), "signed out");

    const blocked = await createMentee();
    const blockedCookie = await pageCookie(await accessTokenFor("mentee", blocked.id));
    await setBlocked("mentee", blocked.id, true);
    expectPlain(await pageWith("/mentees", `${blockedCookie}; ${TOLD}`), "blocked");
  });

  it("is drawn in the reader's language, and the next page drawn for another reader is in hers", async () => {
    const pair = await chatPair();
    const cookie = `${await pageCookie(pair.menteeToken)}; ${TOLD}`;
    const hindi = await pageWith("/mentees/connect/inbox", cookie, "hi");
    expect(hindi.drawn).toBe(true);
    expect(hindi.html).toContain('<html lang="hi"');
    expect(hindi.html).toContain("कनेक्ट");
    const english = await pageWith("/mentees/connect/inbox", cookie, "en");
    expect(english.drawn).toBe(true);
    expect(english.html).not.toContain("कनेक्ट");
  });

  it("keeps a person's text as text in the page and its data block", async () => {
    const pair = await chatPair();
    await sendAs(pair, "mentor", await openChat(pair), "</script><script>window.hacked=1</script>");
    const page = await pageWith("/mentees/connect/inbox", `${await pageCookie(pair.menteeToken)}; ${TOLD}`);
    expect(page.drawn).toBe(true);
    expect(page.html).not.toContain("<script>window.hacked");
    expect(JSON.stringify(page.data)).toContain("</script><script>window.hacked=1</script>");
  });
});
