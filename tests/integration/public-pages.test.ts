import { describe, expect, it } from "vitest";
import { createMentor, setBlocked } from "../support/accounts";
import { baseUrl } from "../support/api";

/** The landing and a mentor's public profile carry their data in their HTML (worker/pages/public-pages.routes.ts). */

const fetchPage = async (path: string) => {
  const response = await fetch(`${baseUrl()}${path}`);
  return { status: response.status, cacheControl: response.headers.get("cache-control"), html: await response.text() };
};
const page = (id: string) => fetchPage(`/browse/mentor/profile/${id}`);
/** Text as React writes it into HTML. */
const asHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");
const dataBlock = (html: string) => html.match(/<script type="application\/json" id="page-data">([^<]*)<\/script>/)?.[1];

describe("a mentor's public profile page", () => {
  it("carries the mentor's name, About text and the visitor's answer, inside the profile shell, revalidated on each visit", async () => {
    const mentor = await createMentor({ firstName: "Hana", lastName: "Ishikawa", bio: "Ten years of compilers & <b>type systems</b>." });
    const { status, cacheControl, html } = await page(mentor.id);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-cache");
    const shell = html.slice(html.indexOf('data-prerender="profile"'));
    expect(shell).toContain("Hana Ishikawa");
    // Text is escaped, never markup.
    expect(shell).toContain("Ten years of compilers &amp; &lt;b&gt;type systems&lt;/b&gt;.");
    expect(shell).not.toContain("<b>type systems</b>");
    const data = JSON.parse(dataBlock(html) ?? "null") as {
      kind: string;
      mentorId: string;
      answer: { mentor: { id: string; bio: string }; isEnrollmentActive: boolean };
    };
    expect(data.kind).toBe("profile");
    expect(data.mentorId).toBe(mentor.id);
    expect(data.answer.mentor.bio).toBe("Ten years of compilers & <b>type systems</b>.");
    expect(data.answer.isEnrollmentActive).toBe(false);
    // The same answer as the API gives a visitor.
    const api = await fetch(`${baseUrl()}/trpc/mentors.profile?input=${encodeURIComponent(JSON.stringify({ mentorId: mentor.id }))}`);
    expect(((await api.json()) as { result: { data: unknown } }).result.data).toEqual(data.answer);
  });

  it("cannot be made to end its data block or run a script from a mentor's text", async () => {
    const mentor = await createMentor({ bio: "</script><script>window.hacked=1</script>" });
    const { html } = await page(mentor.id);
    expect(html).not.toContain("<script>window.hacked");
    const data = JSON.parse(dataBlock(html) ?? "null") as { answer: { mentor: { bio: string } } };
    expect(data.answer.mentor.bio).toBe("</script><script>window.hacked=1</script>");
  });

  it("an unknown, malformed, pending or blocked mentor gets the plain page (the app shows them unavailable), never a 500", async () => {
    const blocked = await createMentor({ firstName: "Blocked", lastName: "Person" });
    await setBlocked("mentor", blocked.id, true);
    const pending = await createMentor({ firstName: "Pending", lastName: "Applicant", status: "pending" });
    for (const id of ["00000000-0000-4000-8000-000000000000", "not-an-id", blocked.id, pending.id, "%3Cscript%3E"]) {
      const { status, html } = await page(id);
      expect(status, id).toBe(200);
      expect(dataBlock(html), id).toBeUndefined();
      expect(html, id).toContain('data-prerender="profile"');
      expect(html, id).not.toContain("Blocked Person");
      expect(html, id).not.toContain("Pending Applicant");
    }
  });
});

describe("the landing page", () => {
  it("carries the featured mentors (the first four of the default search, as the API answers them) in its HTML, revalidated on each visit", async () => {
    await createMentor({ firstName: "Featured", lastName: "Candidate" });
    const { status, cacheControl, html } = await fetchPage("/");
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-cache");
    const data = JSON.parse(dataBlock(html) ?? "null") as {
      kind: string;
      input: Record<string, unknown>;
      answer: { id: string; firstName: string; lastName: string }[];
    };
    expect(data.kind).toBe("search");
    expect(data.input).toEqual({ search: "", price: "a", rating: "9", limit: 4 });
    const api = await fetch(`${baseUrl()}/trpc/mentors.search?input=${encodeURIComponent(JSON.stringify(data.input))}`);
    const answer = ((await api.json()) as { result: { data: typeof data.answer } }).result.data;
    expect(answer).toHaveLength(4);
    expect(data.answer).toEqual(answer);
    // Each card is in the landing's block, as a link to the mentor's public profile.
    const landing = html.slice(html.indexOf('data-prerender="landing"'));
    for (const mentor of answer) {
      expect(landing).toContain(asHtml(`${mentor.firstName} ${mentor.lastName}`));
      expect(landing).toContain(`href="/browse/mentor/profile/${mentor.id}"`);
    }
    // The page boots the landing's own script, and names the app only for the loader.
    expect(html).toMatch(/landing-island-[\w-]+\.js/);
  });

  it("answers a HEAD and a query string like the page itself, never a 500", async () => {
    const head = await fetch(`${baseUrl()}/`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toMatch(/text\/html/);
    const tagged = await fetchPage("/?utm_source=newsletter&ref=%3Cscript%3E");
    expect(tagged.status).toBe(200);
    expect(dataBlock(tagged.html)).toBeDefined();
  });
});

describe("the browse page", () => {
  it("carries the search's results for its address and filters in its HTML, as the API answers them, revalidated on each visit", async () => {
    const word = `zb${crypto.randomUUID().slice(0, 6)}`;
    await createMentor({ firstName: "Cheap", lastName: "Browse", jobTitle: `Engineer ${word}`, hourlyRatePaise: 120_000 });
    await createMentor({ firstName: "Dear", lastName: "Browse", jobTitle: `Engineer ${word}`, hourlyRatePaise: 300_000 });
    const { status, cacheControl, html } = await fetchPage(`/browse/mentor/${word}?price=mid`);
    expect(status).toBe(200);
    expect(cacheControl).toBe("no-cache");
    const shell = html.slice(html.indexOf('data-prerender="browse"'), html.indexOf('data-prerender="profile"'));
    expect(shell).toContain(asHtml(`Mentors for "${word}"`));
    expect(shell).toContain("Cheap Browse");
    expect(shell).not.toContain("Dear Browse");
    const data = JSON.parse(dataBlock(html) ?? "null") as {
      kind: string;
      href: string;
      input: Record<string, string>;
      answer: { firstName: string }[];
    };
    expect(data).toMatchObject({ kind: "search", href: `/browse/mentor/${word}?price=mid`, input: { search: word, range: "mid" } });
    expect(data.answer.map((m) => m.firstName)).toEqual(["Cheap"]);
  });

  it("a link the app rewrites (a price code from before the ranges), or a search the API refuses, gets the plain page, never a 500", async () => {
    for (const path of ["/browse/mentor/all?price=b", `/browse/mentor/${"x".repeat(500)}`]) {
      const { status, html } = await fetchPage(path);
      expect(status, path).toBe(200);
      expect(dataBlock(html), path).toBeUndefined();
      expect(html, path).toContain('data-prerender="browse"');
    }
  });
});
