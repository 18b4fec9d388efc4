import { Hono } from "hono";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { AppEnv } from "../../worker/platform/app-env";
import {
  API_UNREACHABLE,
  CATALOGUE_CHANGED_HEADER,
  forwardToPlacedApi,
  goesToPlacedApi,
  sayCatalogueChanged,
} from "../../worker/platform/placement";
import { memoryStore } from "../support/memory-store";

const call = (path: string, authorization?: string) =>
  goesToPlacedApi(new Request(`https://mentorlink.example${path}`, { headers: authorization ? { authorization } : {} }));

describe("which calls the edge forwards to the placed API (ADR 0017)", () => {
  it("forwards a call of the API that carries a bearer token, tRPC or REST", () => {
    expect(call("/trpc/mentees.bookedSlots", "Bearer abc")).toBe(true);
    expect(call("/trpc/slots.book,notifications.list?batch=1", "bearer abc")).toBe(true);
    expect(call("/api/mentees/profile", "Bearer abc")).toBe(true);
    expect(call("/api", "Bearer abc")).toBe(true);
  });

  it("keeps public calls (the cached catalogue), pages, files, rooms and webhooks at the edge", () => {
    expect(call("/trpc/mentors.search?input=%7B%7D")).toBe(false);
    expect(call("/api/mentees/login")).toBe(false);
    expect(call("/trpc/mentees.profile", "Basic abc")).toBe(false);
    expect(call("/trpc/mentees.profile", "Bearer ")).toBe(false);
    for (const path of [
      "/",
      "/mentees",
      "/apis",
      "/trpcx/a",
      "/assets/index.js",
      "/parties/user-room/mentee:1",
      "/images/a.webp",
      "/webhooks/stripe",
      "/calendar/feed/x.ics",
    ])
      expect(call(path, "Bearer abc"), path).toBe(false);
  });
});

describe("the edge and the placed API tell each other of a catalogue change", () => {
  const GENERATION = "https://edge-cache.mentorlink.internal/catalogue-generation";
  let store: ReturnType<typeof memoryStore>;
  beforeEach(() => {
    store = memoryStore();
    vi.stubGlobal("caches", { default: store });
  });
  afterEach(() => vi.unstubAllGlobals());

  /** The edge Worker's front, with the placed API stood in by `answer` (null: not bound), and its own routes behind. */
  function edge(answer: (() => Response) | null) {
    const forwarded: Request[] = [];
    const app = new Hono<AppEnv>();
    app.use("*", forwardToPlacedApi);
    app.all("*", (c) => c.text("edge"));
    const env = {
      API: answer ? { fetch: async (request: Request) => (forwarded.push(request), answer()) } : undefined,
    } as unknown as AppEnv["Bindings"];
    return {
      forwarded,
      call: (path: string, authorization?: string, init: RequestInit = {}) =>
        app.request(path, { ...init, headers: authorization ? { authorization } : {} }, env),
    };
  }

  it("forwards a signed-in call, times it, and starts a new generation here when the answer says the catalogue changed, without passing that on", async () => {
    const { forwarded, call } = edge(
      () => new Response("{}", { headers: { [CATALOGUE_CHANGED_HEADER]: "1", "content-type": "application/json" } }),
    );
    const answer = await call("/trpc/mentors.updateProfile", "Bearer t");
    expect(forwarded.map((r) => new URL(r.url).pathname)).toEqual(["/trpc/mentors.updateProfile"]);
    expect(forwarded[0].headers.get("authorization")).toBe("Bearer t");
    expect(answer.headers.has(CATALOGUE_CHANGED_HEADER)).toBe(false);
    expect(answer.headers.get("server-timing")).toMatch(/^api;desc="placed API";dur=\d+$/);
    expect(store.entries.has(GENERATION)).toBe(true);
  });

  it("leaves the generation alone when the forwarded call changed nothing, and answers public calls itself", async () => {
    const { forwarded, call } = edge(() => new Response("{}"));
    expect(await (await call("/trpc/mentees.profile", "Bearer t")).text()).toBe("{}");
    expect(store.entries.has(GENERATION)).toBe(false);
    expect(await (await call("/trpc/mentors.search")).text()).toBe("edge");
    expect(forwarded).toHaveLength(1);
  });

  it("answers a read itself when the placed API cannot be reached, and asks for a retry of a write it cannot know the fate of", async () => {
    const { call } = edge(() => {
      throw new Error("connection lost");
    });
    const error = vi.spyOn(console, "error").mockImplementation(() => undefined);
    expect(await (await call("/trpc/mentees.profile", "Bearer t")).text()).toBe("edge");
    const write = await call("/api/mentees/timeslots/1", "Bearer t", { method: "POST", body: "{}" });
    expect(write.status).toBe(503);
    expect(write.headers.get("retry-after")).toBe("2");
    expect(await write.json()).toEqual({ message: API_UNREACHABLE, error: API_UNREACHABLE });
    expect(error).toHaveBeenCalledTimes(2);
    error.mockRestore();
  });

  it("answers everything itself when no placed API is bound (the placed API's own side)", async () => {
    expect(await (await edge(null).call("/trpc/mentees.profile", "Bearer t")).text()).toBe("edge");
  });

  it("the placed API says so when its call changed the catalogue, and only then", async () => {
    const app = new Hono<AppEnv>();
    app.use("*", sayCatalogueChanged);
    app.post("/changed", (c) => (c.set("catalogueChanged", true), c.json({})));
    app.get("/read", (c) => c.json({}));
    const placed = {} as AppEnv["Bindings"];
    expect((await app.request("/changed", { method: "POST" }, placed)).headers.get(CATALOGUE_CHANGED_HEADER)).toBe("1");
    expect((await app.request("/read", {}, placed)).headers.has(CATALOGUE_CHANGED_HEADER)).toBe(false);
    // A Worker with files answers the browser itself (no placed API bound): nothing to tell.
    const edgeAlone = { ASSETS: { fetch: async () => new Response() } } as unknown as AppEnv["Bindings"];
    expect((await app.request("/changed", { method: "POST" }, edgeAlone)).headers.has(CATALOGUE_CHANGED_HEADER)).toBe(false);
  });
});
