import { describe, expect, it } from "vitest";
import { checkedRequest, INPUT_LIMITS, textRefusal, valueRefusal } from "../../worker/platform/input-guard";

/** Why the guard refuses the request, or null. */
const requestRefusal = async (request: Request) => (await checkedRequest(request)).refusal;

const json = (path: string, body: string, headers: Record<string, string> = {}) =>
  new Request(`http://local${path}`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body });

describe("strings entering the Worker", () => {
  it("refuses lone surrogates, NUL and over-long text with a message naming where", () => {
    expect(textRefusal("a\ud800", 'Field "firstName"')?.message).toBe('Field "firstName" contains text that is not valid Unicode.');
    expect(textRefusal("\udfffb", "x")?.status).toBe(400);
    expect(textRefusal("a\u0000b", "The address")?.message).toBe("The address contains a NUL character.");
    expect(textRefusal("x".repeat(INPUT_LIMITS.maxStringLength + 1), "x")?.message).toMatch(/too long/);
  });

  it("accepts any well-formed text, emoji and scripts included, up to the limit", () => {
    for (const text of [
      "",
      "Priya",
      "प्रिया 😀",
      "\ud83d\ude00",
      "x".repeat(INPUT_LIMITS.maxStringLength),
      "'; drop table mentors; --",
      'NEAR("a" b)',
    ]) {
      expect(textRefusal(text, "x")).toBeNull();
    }
  });

  it("walks objects and arrays: keys, nested strings, depth and size", () => {
    expect(valueRefusal({ a: [{ b: "ok" }, 1, null, true] }, "body")).toBeNull();
    expect(valueRefusal({ a: [{ b: "bad\ud800" }] }, "body")?.message).toBe('Field "b" contains text that is not valid Unicode.');
    expect(valueRefusal({ "k\u0000": 1 }, "body")?.message).toBe("A field name contains a NUL character.");
    let deep: unknown = "x";
    for (let i = 0; i < INPUT_LIMITS.maxDepth + 1; i++) deep = [deep];
    expect(valueRefusal(deep, "The request body")?.message).toBe("The request body is nested too deeply.");
    expect(
      valueRefusal(
        Array.from({ length: INPUT_LIMITS.maxEntries + 1 }, () => 0),
        "The request body",
      )?.message,
    ).toMatch(/too many entries/);
  });
});

describe("requests", () => {
  it("checks JSON bodies as parsed, so escaped lone surrogates are caught", async () => {
    expect((await requestRefusal(json("/api/mentees/register", '{"firstName":"a\\ud800"}')))?.message).toMatch(
      /firstName.*not valid Unicode/,
    );
    expect(await requestRefusal(json("/api/mentees/register", '{"firstName":"a\\ud83d\\ude00"}'))).toBeNull();
  });

  it("leaves a malformed body to the route (which answers 400 itself)", async () => {
    expect(await requestRefusal(json("/api/mentees/register", '{"firstName":'))).toBeNull();
  });

  it("refuses bodies over the limit by declared or actual size with 413", async () => {
    const big = JSON.stringify({ a: "x".repeat(INPUT_LIMITS.maxJsonBodyBytes) });
    expect((await requestRefusal(json("/api/x", big)))?.status).toBe(413);
    expect((await requestRefusal(json("/api/x", "{}", { "content-length": String(10 * 1024 * 1024) })))?.status).toBe(413);
  });

  it("checks the tRPC input in the query string and every query parameter", async () => {
    const input = encodeURIComponent(JSON.stringify({ mentorId: "\ud800" }).replace("\ud800", "\\ud800"));
    expect((await requestRefusal(new Request(`http://local/trpc/mentors.profile?input=${input}`)))?.message).toMatch(/mentorId/);
    expect((await requestRefusal(new Request("http://local/api/mentees/mentors?search=a%00b")))?.message).toMatch(
      /Query parameter "search".*NUL/,
    );
    expect(await requestRefusal(new Request("http://local/api/mentees/mentors?search=%E0%A4%B0"))).toBeNull();
  });

  it("checks the address: bad percent-encoding, NUL and length", async () => {
    expect((await requestRefusal(new Request("http://local/api/mentees/mentor/profile/%E0%A4")))?.message).toMatch(/percent-encoding/);
    expect((await requestRefusal(new Request("http://local/api/mentees/mentor/profile/a%00")))?.message).toMatch(/NUL/);
    expect((await requestRefusal(new Request(`http://local/images/${"a".repeat(INPUT_LIMITS.maxPathLength)}`)))?.message).toBe(
      "The address is too long.",
    );
    expect(await requestRefusal(new Request(`http://local/images/${"a".repeat(1025)}`))).toBeNull();
  });

  it("reads a JSON body once and hands the route a request with the same bytes, headers and method", async () => {
    const sent = '{"name":"Āšā 😀","note":"line\\nbreak"}';
    const original = new Request("http://local/api/stripe/webhook", {
      method: "POST",
      headers: { "content-type": "application/json", "stripe-signature": "t=1,v1=abc" },
      body: sent,
    });
    const { refusal, request } = await checkedRequest(original);
    expect(refusal).toBeNull();
    expect(request.method).toBe("POST");
    expect(request.headers.get("stripe-signature")).toBe("t=1,v1=abc");
    expect(new Uint8Array(await request.arrayBuffer())).toEqual(new TextEncoder().encode(sent));
  });

  it("checks multipart text fields and leaves the original body readable for the route", async () => {
    const form = new FormData();
    form.set("note", "bad\u0000"); // (a lone surrogate cannot cross the wire in multipart: UTF-8 encoding replaces it)
    form.set("file", new Blob([new Uint8Array([1, 2, 3])]), "a.png");
    const refused = new Request("http://local/api/images/profile", { method: "POST", body: form });
    expect((await requestRefusal(refused))?.message).toBe('Form field "note" contains a NUL character.');
    const fine = new FormData();
    fine.set("file", new Blob([new Uint8Array([1, 2, 3])]), "a.png");
    const request = new Request("http://local/api/images/profile", { method: "POST", body: fine });
    expect(await requestRefusal(request)).toBeNull();
    expect(((await request.formData()).get("file") as File).size).toBe(3);
  });
});
