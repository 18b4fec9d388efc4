import { describe, expect, it } from "vitest";
import { type Manifest, precacheFiles } from "../../scripts/service-worker-build";
import { APP_SHELL_PATH, OFFLINE_PAGE_PATH } from "../../shared/app-install";
import { handlingOf, offlineFallbackOf, type RequestFacts } from "../../src/sw/policy";

/** What the service worker answers, keeps and precaches (src/sw/policy.ts, scripts/service-worker-build.ts). */

const ORIGIN = "https://mentorlink.example";
const facts = (
  path: string,
  init: { method?: string; mode?: string; headers?: Record<string, string>; origin?: string } = {},
): RequestFacts => ({
  url: `${init.origin ?? ORIGIN}${path}`,
  method: init.method ?? "GET",
  mode: init.mode ?? "navigate",
  headers: new Headers(init.headers),
});
const handling = (path: string, init?: Parameters<typeof facts>[1]) => handlingOf(facts(path, init), ORIGIN);

describe("what the service worker does with a request", () => {
  it("keeps the public pages (landing, browse, a profile) for offline, network first", () => {
    for (const path of [
      "/",
      "/browse/mentor/all",
      "/browse/mentor/python%20django",
      "/browse/mentor/profile/abc-123",
      "/browse/mentor/profile/abc-123?ref=share",
    ])
      expect(handling(path), path).toBe("public-page");
  });

  it("sends every other page to the network, never kept", () => {
    for (const path of [
      "/mentees",
      "/mentees/booked-slots",
      "/mentors/scheduler",
      "/moderator",
      "/auth/login",
      "/mentees/browse/mentor/profile/abc-123",
      "/no/such/page",
    ])
      expect(handling(path), path).toBe("page");
  });

  it("stays out of data, signed requests, rooms, pictures, development pages and itself, navigations to them included", () => {
    const never = [
      "/api/mentees/mentors",
      "/api/calendar/feed/secret.ics",
      "/trpc/mentors.search",
      "/parties/user-room/mentee:1",
      "/images/profile/1.png",
      "/dev/mailbox",
      "/dev",
      "/socket.io/",
      "/healthz",
      "/sw.js",
    ];
    for (const path of never) {
      expect(handling(path), path).toBe("pass");
      expect(handling(path, { mode: "cors" }), path).toBe("pass");
    }
  });

  it("stays out of anything with an Authorization header, any other method, another origin and the page's own sub-requests", () => {
    expect(handling("/", { headers: { Authorization: "Bearer x.y.z" } })).toBe("pass");
    expect(handling("/browse/mentor/all", { method: "POST" })).toBe("pass");
    expect(handling("/", { method: "HEAD" })).toBe("pass");
    expect(handling("/", { origin: "https://elsewhere.example" })).toBe("pass");
    // Files and fetches: the precache answers the build's own files before these rules; the rest goes to the network.
    expect(handling("/assets/boot-abc.js", { mode: "cors" })).toBe("pass");
    expect(handling("/browse/mentor/all", { mode: "cors" })).toBe("pass");
  });

  it("offline with no copy: the landing and browse start from the app page, anything else gets the offline page", () => {
    expect(offlineFallbackOf("/")).toBe(APP_SHELL_PATH);
    expect(offlineFallbackOf("/browse/mentor/all")).toBe(APP_SHELL_PATH);
    expect(offlineFallbackOf("/browse/mentor/profile/abc")).toBe(OFFLINE_PAGE_PATH);
    expect(offlineFallbackOf("/mentees")).toBe(OFFLINE_PAGE_PATH);
    expect(offlineFallbackOf("/auth/login")).toBe(OFFLINE_PAGE_PATH);
  });
});

describe("what the build precaches", () => {
  // A build's manifest in miniature: the entry lazily imports every route and the toasts; the public routes
  // import the boot file, the profile lazily imports its reviews; the mentee area has a heavy calendar.
  const manifest: Manifest = {
    "index.html": {
      file: "index.html",
      imports: ["_boot.js"],
      css: ["assets/index-1.css"],
      dynamicImports: [
        "src/routes/index.tsx?tsr-split=component",
        "src/routes/browse/mentor/$search.tsx?tsr-split=component",
        "src/routes/browse/mentor/profile/$id.tsx?tsr-split=component",
        "src/routes/mentees/index.tsx?tsr-split=component",
        "node_modules/sonner/dist/index.mjs",
      ],
    },
    "src/landing-island.ts": { file: "assets/landing-island-1.js", imports: ["_landing-shared.js"] },
    "_landing-shared.js": { file: "assets/landing-shared-1.js" },
    "_boot.js": { file: "assets/boot-1.js", imports: ["_landing-shared.js"] },
    "node_modules/sonner/dist/index.mjs": { file: "assets/sonner-1.js" },
    "src/routes/index.tsx?tsr-split=component": { file: "assets/index-2.js", imports: ["_boot.js"] },
    "src/routes/browse/mentor/$search.tsx?tsr-split=component": { file: "assets/_search-1.js", imports: ["_boot.js"] },
    "src/routes/browse/mentor/profile/$id.tsx?tsr-split=component": { file: "assets/_id-1.js", imports: ["_mentor-profile.js"] },
    "_mentor-profile.js": {
      file: "assets/mentor-profile-1.js",
      dynamicImports: ["src/reviews/review-items.tsx"],
      assets: ["assets/badge-1.svg"],
    },
    "src/reviews/review-items.tsx": { file: "assets/review-items-1.js" },
    "src/routes/mentees/index.tsx?tsr-split=component": { file: "assets/mentees-1.js", imports: ["_calendar.js"] },
    "_calendar.js": { file: "assets/calendar-1.js" },
  };

  it("holds the public pages' files, their lazy parts and the stylesheet, but not the other routes or the page itself", () => {
    expect(precacheFiles(manifest)).toEqual([
      "/assets/_id-1.js",
      "/assets/_search-1.js",
      "/assets/badge-1.svg",
      "/assets/boot-1.js",
      "/assets/index-1.css",
      "/assets/index-2.js",
      "/assets/landing-island-1.js",
      "/assets/landing-shared-1.js",
      "/assets/mentor-profile-1.js",
      "/assets/review-items-1.js",
      "/assets/sonner-1.js",
    ]);
  });

  it("fails the build when a public page's chunk is missing", () => {
    const { "src/landing-island.ts": _island, ...withoutIsland } = manifest;
    expect(() => precacheFiles(withoutIsland)).toThrow(/src\/landing-island\.ts/);
  });
});
