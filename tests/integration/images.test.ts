import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { mentees, mentors } from "../../db/schema";
import { createMentee, createMentor, signIn, testDb } from "../support/accounts";
import { baseUrl, errorBody } from "../support/api";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const WEBP = Uint8Array.from([0x52, 0x49, 0x46, 0x46, 36, 0, 0, 0, 0x57, 0x45, 0x42, 0x50, 0x56, 0x50, 0x38, 0x20]);
const SVG = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function upload(token: string | undefined, bytes: Uint8Array, name = "photo.png", type = "image/png") {
  const form = new FormData();
  form.set("file", new Blob([bytes.slice()], { type }), name);
  const response = await fetch(`${baseUrl()}/api/images/profile`, {
    method: "POST",
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: response.status, body: (await response.json()) as { message: string; profileImageUrl?: string } };
}

describe("profile picture upload", () => {
  it("stores a PNG for a mentee, points the profile at it and serves it with long cache headers", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const { status, body } = await upload(accessToken, PNG);
    expect(status).toBe(201);
    expect(body.profileImageUrl).toMatch(/^\/images\/profiles\/mentee\/[0-9a-f-]{36}-\d{13}\.png$/);
    const row = await testDb().query.mentees.findFirst({ where: eq(mentees.id, mentee.id) });
    expect(`/images/${row?.profileImageKey}`).toBe(body.profileImageUrl);
    const served = await fetch(`${baseUrl()}${body.profileImageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(PNG);
    const etag = served.headers.get("etag")!;
    expect((await fetch(`${baseUrl()}${body.profileImageUrl}`, { headers: { "if-none-match": etag } })).status).toBe(304);
  });

  it("judges the type by the bytes: a JPEG named .png is stored as JPEG, WebP is accepted", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const jpeg = await upload(accessToken, JPEG, "looks-like.png", "image/png");
    expect(jpeg.body.profileImageUrl).toMatch(/^\/images\/profiles\/mentor\/.+\.jpg$/);
    const webp = await upload(accessToken, WEBP, "pic.webp", "image/webp");
    expect(webp.status).toBe(201);
    expect(webp.body.profileImageUrl).toMatch(/\.webp$/);
  });

  it("removes the replaced image", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const first = await upload(accessToken, PNG);
    const second = await upload(accessToken, JPEG, "b.jpg", "image/jpeg");
    expect(second.status).toBe(201);
    expect((await fetch(`${baseUrl()}${first.body.profileImageUrl}`)).status).toBe(404);
    expect((await fetch(`${baseUrl()}${second.body.profileImageUrl}`)).status).toBe(200);
  });

  it("refuses SVG, text disguised as an image, empty files and oversized files with a clear 4xx", async () => {
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    expect(await upload(accessToken, SVG, "x.svg", "image/svg+xml")).toEqual({
      status: 415,
      body: errorBody("Only JPEG, PNG and WebP images are accepted."),
    });
    expect((await upload(accessToken, new TextEncoder().encode("hello"), "x.png", "image/png")).status).toBe(415);
    expect((await upload(accessToken, new Uint8Array(), "x.png")).status).toBe(400);
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(PNG);
    expect(await upload(accessToken, big)).toEqual({ status: 413, body: errorBody("The image must be at most 5 MB.") });
    expect((await testDb().query.mentees.findFirst({ where: eq(mentees.id, mentee.id) }))?.profileImageKey).toBeNull();
  });

  it("accepts exactly 5 MB", async () => {
    const mentor = await createMentor();
    const { accessToken } = await signIn("mentor", mentor.email);
    const max = new Uint8Array(5 * 1024 * 1024);
    max.set(PNG);
    expect((await upload(accessToken, max)).status).toBe(201);
    expect((await testDb().query.mentors.findFirst({ where: eq(mentors.id, mentor.id) }))?.profileImageKey).toMatch(/\.png$/);
  });

  it("needs a signed-in mentee or mentor and a file field", async () => {
    expect((await upload(undefined, PNG)).status).toBe(401);
    const moderator = await signIn("moderator", "moderator@example.com");
    expect((await upload(moderator.accessToken, PNG)).status).toBe(403);
    const mentee = await createMentee();
    const { accessToken } = await signIn("mentee", mentee.email);
    const response = await fetch(`${baseUrl()}/api/images/profile`, {
      method: "POST",
      body: new FormData(),
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toMatch(/Choose an image file/);
  });

  it("answers 404 for an unknown image", async () => {
    expect((await fetch(`${baseUrl()}/images/profiles/mentee/nothing.png`)).status).toBe(404);
  });
});
