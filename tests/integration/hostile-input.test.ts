import fc from "fast-check";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { moderatorRow } from "../../db/factories";
import { moderators } from "../../db/schema";
import { restRoutes } from "../../worker/rest/routes";
import { appRouter } from "../../worker/trpc/router";
import { accessTokenFor, createMentee, createMentor, testDb, uniqueEmail } from "../support/accounts";

/**
 * A bounded fuzz test: generated hostile input (wrong types, huge strings, lone surrogates, NUL, FTS
 * syntax, deep nesting, bad JSON, wrong content types, long paths) sent to every REST route of the
 * route table and every tRPC procedure of the router, anonymously and as each kind of signed-in
 * user. Any 5xx, or an answer slower than the deadline (a hang), fails it. Routes and procedures are
 * read from the code, so new ones are covered without editing this file.
 */

type Procedure = { _def: { type: "query" | "mutation" | "subscription"; inputs: { entries?: Record<string, unknown> }[] } };
const procedures = Object.entries(appRouter._def.procedures as unknown as Record<string, Procedure>).map(([path, p]) => ({
  path,
  type: p._def.type,
  fields: Object.keys(p._def.inputs[0]?.entries ?? {}),
}));
/** Every input field name any procedure declares: bodies are built from real names, so they reach past "missing field". */
const fieldNames = [...new Set(procedures.flatMap((p) => p.fields))];

const RUNS_PER_ENDPOINT = 40;
const DEADLINE_MS = 10_000;

const nasty = fc.constantFrom(
  "\ud800",
  "a\udfffb",
  "\udc00\ud800",
  "\u0000",
  "x\u0000y",
  '"',
  "*",
  "^",
  "-",
  "NEAR(a b)",
  'react" OR "x',
  "title:x",
  "a AND",
  "(",
  ")",
  "'; drop table mentors; --",
  "%",
  "%00",
  "%E0%A4",
  "../../etc/passwd",
  "\u202e",
  "😀",
  " ",
  "",
  "null",
  "{}",
  "[]",
  "1e309",
  "-1",
  "9".repeat(400),
  "a@b.co",
  "mentee",
  "mentor",
  "moderator",
  "a",
  "b",
  "9",
);
const hostileString = fc.oneof(
  { weight: 4, arbitrary: nasty },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.constantFrom("x".repeat(30_000), "é".repeat(5_000), "y".repeat(101)) },
);
const { value: hostileValue } = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    hostileString,
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.constantFrom(...fieldNames, "__proto__", "constructor"), tie("value"), { maxKeys: 4 }),
  ),
}));
const deepNesting = fc.integer({ min: 15, max: 400 }).map((depth) => {
  let v: unknown = "x";
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});
const jsonBody = fc.oneof(
  { weight: 6, arbitrary: fc.dictionary(fc.constantFrom(...fieldNames), hostileValue, { maxKeys: 6 }) },
  { weight: 2, arbitrary: hostileValue },
  { weight: 1, arbitrary: deepNesting },
);
/** A body as sent: mostly JSON of hostile values, sometimes broken JSON or the wrong content type. */
const rawBody = fc.oneof(
  { weight: 6, arbitrary: jsonBody.map((b) => ({ contentType: "application/json", text: JSON.stringify(b) ?? "null" })) },
  {
    weight: 2,
    arbitrary: fc.record({
      contentType: fc.constantFrom(
        "application/json",
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
        "application/xml",
        "image/png",
      ),
      text: fc.oneof(
        fc.constantFrom("{not json", "[", '{"a":', "\u0000", "null", "[1,2]", '"str"', "a=b&c=%00", "--x\r\n\r\n--x--", ""),
        fc.string({ maxLength: 60 }),
      ),
    }),
  },
);

/** Percent-encodes a path segment; a lone surrogate cannot be encoded, so it goes as its (invalid) UTF-8 bytes. */
const segment = (s: string) => {
  try {
    return encodeURIComponent(s);
  } catch {
    return `${encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ""))}%ED%A0%80`;
  }
};

type Identity = "anonymous" | "mentee" | "mentor" | "moderator";
const identities: Identity[] = ["anonymous", "mentee", "mentor", "moderator"];
const accounts: Record<Exclude<Identity, "anonymous">, string> = { mentee: "", mentor: "", moderator: "" };

/** A fresh sign-in per call: a fuzzed logout must not leave the next calls anonymous. */
async function authHeader(who: Identity): Promise<Record<string, string>> {
  if (who === "anonymous") return {};
  return { authorization: `Bearer ${await accessTokenFor(who, accounts[who])}` };
}

async function send(method: string, path: string, who: Identity, body?: { contentType: string; text: string }) {
  const headers = { ...(await authHeader(who)), ...(body ? { "content-type": body.contentType } : {}) };
  const request = () =>
    fetch(`${inject("baseUrl")}${path}`, { method, headers, body: body?.text, signal: AbortSignal.timeout(DEADLINE_MS) });
  // Node's fetch may reuse a kept-alive socket the server has just closed (ECONNRESET, or undici's
  // "other side closed", before any answer); that is the client's race, so it is tried once more. A
  // second one fails the test.
  const response = await request().catch((error: { cause?: { code?: string } }) => {
    if (error?.cause?.code === "ECONNRESET" || error?.cause?.code === "UND_ERR_SOCKET") return request();
    throw error;
  });
  const text = await response.text();
  return { status: response.status, text };
}

/** Fails with the request and the answer when the Worker answered 5xx. */
function expectNo5xx(result: { status: number; text: string }, request: string) {
  if (result.status >= 500) expect.fail(`${request} answered ${result.status}: ${result.text.slice(0, 300)}`);
}

const fillPath = (path: string, values: string[]) => {
  let i = 0;
  return path.replace(/:[A-Za-z]+/g, () => segment(values[i++] ?? ""));
};

describe("the reported cases get a 400 with a message, or a 404", () => {
  const surrogate = "a\ud800";
  it("a lone surrogate in registration, token regeneration, profiles, reviews and ids", async () => {
    const mentee = await createMentee();
    const token = await accessTokenFor("mentee", mentee.id);
    const mentor = await createMentor();
    const mentorToken = await accessTokenFor("mentor", mentor.id);
    const calls: [string, string, string | undefined, unknown][] = [
      [
        "POST",
        "/api/mentees/register",
        undefined,
        {
          firstName: surrogate,
          lastName: "b",
          email: uniqueEmail(),
          phone: "9876543210",
          password: "Passw0rd!",
          confirmpassword: "Passw0rd!",
        },
      ],
      [
        "POST",
        "/api/mentors/register",
        undefined,
        {
          firstName: "a",
          lastName: surrogate,
          email: uniqueEmail(),
          phone: "9876543210",
          password: "Passw0rd!",
          confirmpassword: "Passw0rd!",
          jobTitle: "E",
          firmName: "F",
          bio: "b",
          educationalQualification: "e",
          hourlyRate: 900,
          expertise: ["Go"],
        },
      ],
      ["POST", "/api/mentees/regenerate_access_token", undefined, { refreshToken: `${surrogate}.x` }],
      ["PATCH", `/api/mentees/edit-profile/${mentee.id}`, token, { bio: surrogate }],
      ["PATCH", `/api/mentors/add-new-skill/${mentor.id}`, mentorToken, { newSkills: surrogate }],
      ["POST", "/trpc/reviews.save", token, { mentorId: mentor.id, rating: 5, text: surrogate }],
      ["POST", "/trpc/reviews.remove", token, { mentorId: surrogate }],
      ["GET", `/trpc/mentors.profile?input=${encodeURIComponent('{"mentorId":"\\ud800"}')}`, undefined, undefined],
      ["GET", `/trpc/reviews.list?input=${encodeURIComponent('{"mentorId":"x","cursor":"\\udfff"}')}`, undefined, undefined],
    ];
    for (const [method, path, bearer, body] of calls) {
      const response = await fetch(`${inject("baseUrl")}${path}`, {
        method,
        headers: { "content-type": "application/json", ...(bearer ? { authorization: `Bearer ${bearer}` } : {}) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      expect({ path, status: response.status }).toEqual({ path, status: 400 });
      expect(text).toMatch(/not valid Unicode/);
    }
  });

  it("an image path longer than the storage allows is a 404; an address longer than 4 KB is a 400", async () => {
    expect((await fetch(`${inject("baseUrl")}/images/${"a".repeat(1025)}`)).status).toBe(404);
    expect((await fetch(`${inject("baseUrl")}/images/profiles/${"é".repeat(600)}`)).status).toBe(404);
    expect((await fetch(`${inject("baseUrl")}/images/${"a".repeat(5000)}`)).status).toBe(400);
  });

  it("a tRPC batch over 10 calls is refused with a 400 that says why; 10 are answered", async () => {
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, {}]))));
    const over = await fetch(`${inject("baseUrl")}/trpc/${Array(11).fill("mentors.search").join(",")}?batch=1&input=${input(11)}`);
    expect(over.status).toBe(400);
    expect(await over.text()).toMatch(/Batch call exceeds maximum size/);
    const ten = await fetch(`${inject("baseUrl")}/trpc/${Array(10).fill("mentors.search").join(",")}?batch=1&input=${input(10)}`);
    expect(ten.status).toBe(200);
    expect(((await ten.json()) as unknown[]).length).toBe(10);
  });
});

describe("hostile input never gets a 5xx or hangs", { timeout: 120_000 }, () => {
  beforeAll(async () => {
    const [mentee, mentor] = await Promise.all([createMentee(), createMentor()]);
    const [moderator] = await testDb()
      .insert(moderators)
      .values(moderatorRow({ email: uniqueEmail("moderator"), passwordHash: "x" }))
      .returning();
    Object.assign(accounts, { mentee: mentee.id, mentor: mentor.id, moderator: moderator.id });
  });

  it("reads the route table and the router (so a new route is fuzzed without editing this test)", () => {
    expect(restRoutes.length).toBeGreaterThanOrEqual(19);
    expect(procedures.map((p) => p.path)).toEqual(expect.arrayContaining(["auth.login", "mentors.search", "reviews.save"]));
    expect(fieldNames).toEqual(expect.arrayContaining(["email", "mentorId", "search"]));
  });

  // Endpoints are fuzzed side by side (vitest runs 5 at a time), each sending its requests one after another: at most
  // five requests in flight, and the file takes half the time (63 s -> 29 s).
  it.concurrent.each(restRoutes.map((r) => [`${r.method} /api${r.path}`, r] as const))("REST %s", async (_name, route) => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...identities),
        fc.array(fc.oneof(hostileString, fc.uuid()), { minLength: 2, maxLength: 2 }),
        fc.dictionary(fc.constantFrom(...fieldNames), hostileString, { maxKeys: 4 }),
        rawBody,
        async (who, params, query, body) => {
          const qs = new URLSearchParams(query).toString();
          const path = `/api${fillPath(route.path, params)}${qs ? `?${qs}` : ""}`;
          expectNo5xx(await send(route.method, path, who, route.method === "GET" ? undefined : body), `${route.method} ${path} as ${who}`);
        },
      ),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });

  it.concurrent.each(procedures.map((p) => [p.path, p] as const))("tRPC %s", async (_name, procedure) => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...identities), jsonBody, rawBody, async (who, input, body) => {
        const result =
          procedure.type === "query"
            ? await send("GET", `/trpc/${procedure.path}?input=${encodeURIComponent(JSON.stringify(input) ?? "")}`, who)
            : await send("POST", `/trpc/${procedure.path}`, who, body);
        expectNo5xx(result, `tRPC ${procedure.path} as ${who}`);
      }),
      { numRuns: RUNS_PER_ENDPOINT },
    );
  });

  it("tRPC batches of any size and mix, unknown procedures, and hostile procedure names", async () => {
    const names = fc.oneof(fc.constantFrom(...procedures.map((p) => p.path)), hostileString.map(segment));
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...identities),
        fc.array(names, { minLength: 1, maxLength: 40 }),
        jsonBody,
        async (who, calls, input) => {
          const inputs = Object.fromEntries(calls.map((_, i) => [i, input]));
          const path = `/trpc/${calls.join(",")}?batch=1&input=${encodeURIComponent(JSON.stringify(inputs))}`;
          expectNo5xx(await send("GET", path, who), `batch of ${calls.length} as ${who}`);
          expectNo5xx(
            await send("POST", `/trpc/${calls.join(",")}?batch=1`, who, { contentType: "application/json", text: JSON.stringify(inputs) }),
            `POST batch of ${calls.length}`,
          );
        },
      ),
      { numRuns: 40 },
    );
  });

  it("long and strange paths anywhere: API, tRPC, images, rooms", async () => {
    const prefix = fc.constantFrom(
      "/api/",
      "/api/mentees/",
      "/trpc/",
      "/images/",
      "/images/profiles/mentee/",
      "/parties/user-room/",
      "/api/images/profile/",
    );
    const tail = fc.oneof(
      hostileString.map(segment),
      fc.integer({ min: 1_000, max: 9_000 }).map((n) => "a".repeat(n)),
      fc.array(hostileString.map(segment), { maxLength: 6 }).map((parts) => parts.join("/")),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...identities),
        fc.constantFrom("GET", "POST", "PATCH", "DELETE"),
        prefix,
        tail,
        async (who, method, start, rest) => {
          const path = `${start}${rest}`;
          expectNo5xx(
            await send(method, path, who, method === "GET" ? undefined : { contentType: "application/json", text: "{}" }),
            `${method} ${path.slice(0, 80)}…`,
          );
        },
      ),
      { numRuns: 80 },
    );
  });

  it("multipart uploads with hostile field names, values and files", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...identities),
        fc.dictionary(fc.oneof(fc.constant("file"), hostileString), hostileString, { maxKeys: 3 }),
        fc.uint8Array({ maxLength: 64 }),
        fc.boolean(),
        async (who, fields, bytes, withFile) => {
          const form = new FormData();
          for (const [k, v] of Object.entries(fields)) form.append(k, v);
          if (withFile) form.append("file", new Blob([bytes]), "x.png");
          const response = await fetch(`${inject("baseUrl")}/api/images/profile`, {
            method: "POST",
            headers: await authHeader(who),
            body: form,
            signal: AbortSignal.timeout(DEADLINE_MS),
          });
          expectNo5xx({ status: response.status, text: await response.text() }, `upload as ${who}`);
        },
      ),
      { numRuns: 40 },
    );
  });
});
