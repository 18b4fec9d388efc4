import { describe, expect, it, vi } from "vitest";
import { catalogPolicy, type EdgeStore, edgeCached, newCatalogueGeneration } from "../../worker/platform/edge-cache";
import { memoryStore } from "../support/memory-store";

/** Runs what a request hands to waitUntil, as the runtime would after the answer. */
function background() {
  const pending: Promise<unknown>[] = [];
  return { waitUntil: (p: Promise<unknown>) => void pending.push(p), settle: () => Promise.all(pending.splice(0)) };
}

const policy = { fresh: 10, stale: 30 };

describe("the location cache of the public catalogue", () => {
  it("answers from the cache while fresh, serves stale while one refresh runs, then reads again", async () => {
    const store = memoryStore();
    const bg = background();
    let version = 1;
    const load = vi.fn(async () => `v${version}`);
    const at = (seconds: number) => 1_000_000 + seconds * 1000;

    expect(await edgeCached("k", policy, load, bg.waitUntil, store, at(0))).toEqual({ value: "v1", outcome: "miss" });
    await bg.settle();
    version = 2;
    expect(await edgeCached("k", policy, load, bg.waitUntil, store, at(9))).toEqual({ value: "v1", outcome: "hit" });
    expect(load).toHaveBeenCalledTimes(1);
    // Past fresh, within stale: the old answer at once, and a refresh behind it.
    expect(await edgeCached("k", policy, load, bg.waitUntil, store, at(11))).toEqual({ value: "v1", outcome: "stale" });
    await bg.settle();
    expect(load).toHaveBeenCalledTimes(2);
    // The refresh was stored with the real clock; a read well past fresh + stale loads again.
    version = 3;
    expect(await edgeCached("k", policy, load, bg.waitUntil, store, Date.now() + 41_000)).toEqual({ value: "v3", outcome: "miss" });
  });

  it("skips every cached answer once the catalogue changes (a new generation), whatever the TTL", async () => {
    const store = memoryStore();
    const bg = background();
    let name = "Before";
    const load = async () => name;
    await edgeCached("search?q=a", policy, load, bg.waitUntil, store);
    await edgeCached("mentor/1", policy, load, bg.waitUntil, store);
    await bg.settle();
    name = "After";
    expect((await edgeCached("mentor/1", policy, load, bg.waitUntil, store)).value).toBe("Before");
    await newCatalogueGeneration(store);
    expect(await edgeCached("mentor/1", policy, load, bg.waitUntil, store)).toEqual({ value: "After", outcome: "miss" });
    expect((await edgeCached("search?q=a", policy, load, bg.waitUntil, store)).value).toBe("After");
  });

  it("is off without a cache or with a fresh time of 0, and a broken cache reads fresh instead of failing", async () => {
    const bg = background();
    const load = vi.fn(async () => "fresh");
    expect(await edgeCached("k", { fresh: 0, stale: 0 }, load, bg.waitUntil, memoryStore())).toEqual({ value: "fresh", outcome: "off" });
    expect(await edgeCached("k", policy, load, bg.waitUntil, null)).toEqual({ value: "fresh", outcome: "off" });
    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const broken = {
      match: () => Promise.reject(new Error("cache down")),
      put: () => Promise.reject(new Error("down")),
      delete: async () => false,
    } as unknown as EdgeStore;
    expect(await edgeCached("k", policy, load, bg.waitUntil, broken)).toEqual({ value: "fresh", outcome: "off" });
    // A change is not refused because the cache cannot start a new generation.
    await expect(newCatalogueGeneration(broken)).resolves.toBeUndefined();
  });

  it("keeps stale-while-revalidate to three times the fresh time, at most a minute", () => {
    expect(catalogPolicy(15)).toEqual({ fresh: 15, stale: 45 });
    expect(catalogPolicy(60)).toEqual({ fresh: 60, stale: 60 });
    expect(catalogPolicy(0)).toEqual({ fresh: 0, stale: 0 });
  });
});
