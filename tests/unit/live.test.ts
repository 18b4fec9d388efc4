import { describe, expect, it, vi } from "vitest";
import { clockText } from "../../src/live/use-server-clock";
import { type LiveSession, liveRefusal } from "../../worker/live/live-session";
import { DEFAULT_ICE_SERVERS, iceServersFor, parseIceServers } from "../../worker/platform/ice-servers";

const MINUTE = 60 * 1000;
const HOUR_MS = 60 * MINUTE;
const start = new Date("2027-03-14T14:30:00Z");

function session(overrides: Partial<LiveSession> = {}): LiveSession {
  const person = { id: "x", name: "A B", firstName: "A", profileImageUrl: "", timeZone: "America/New_York" };
  return {
    slotId: "s",
    type: "session",
    role: "mentee",
    me: person,
    other: { ...person, role: "mentor", timeZone: "Asia/Kolkata" },
    start: start.toISOString(),
    end: new Date(start.getTime() + 60 * MINUTE).toISOString(),
    opensAt: new Date(start.getTime() - 10 * MINUTE).toISOString(),
    closesAt: new Date(start.getTime() + 65 * MINUTE).toISOString(),
    agenda: null,
    now: start.toISOString(),
    ...overrides,
  };
}

describe("the live window", () => {
  it("opens exactly 10 minutes before the start and closes exactly at the end", () => {
    const at = (ms: number) => liveRefusal(session(), new Date(start.getTime() + ms));
    expect(at(-10 * MINUTE - 1)).toMatch(/^Too early/);
    expect(at(-10 * MINUTE)).toBeNull();
    expect(at(59 * MINUTE)).toBeNull();
    expect(at(60 * MINUTE)).toMatch(/^This session has ended/);
  });

  it("says the start in the viewer's own zone, across the US daylight-saving change", () => {
    // 14:30 UTC on 14 March 2027 is 10:30 am in New York (EDT, since 7 March) and 8:00 pm in Kolkata.
    expect(liveRefusal(session(), new Date(start.getTime() - HOUR_MS))).toBe(
      "Too early: this session starts March 14th 2027, 10:30 am (America/New_York); you can join from 10 minutes before.",
    );
    const mentor = session({ me: { id: "m", name: "M", firstName: "M", profileImageUrl: "", timeZone: "Asia/Kolkata" } });
    expect(liveRefusal(mentor, new Date(start.getTime() - HOUR_MS))).toMatch(/March 14th 2027, 8:00 pm \(Asia\/Kolkata\)/);
  });
});

describe("ICE servers", () => {
  const none = { ICE_SERVERS: undefined, TURN_KEY_ID: undefined, TURN_KEY_API_TOKEN: undefined };

  it("are the default STUN without configuration, or the configured list", async () => {
    const fetcher = vi.fn();
    expect(await iceServersFor(none, fetcher)).toEqual(DEFAULT_ICE_SERVERS);
    const own = parseIceServers('[{"urls":"stun:stun.example.com:3478"},{"urls":["turn:t.example.com"],"username":"u","credential":"c"}]');
    expect(await iceServersFor({ ...none, ICE_SERVERS: own! }, fetcher)).toEqual(own);
    expect(fetcher).not.toHaveBeenCalled();
    expect(parseIceServers("not json")).toBeNull();
    expect(parseIceServers('[{"url":"stun:x"}]')).toBeNull();
  });

  it("fetch short-lived TURN credentials server-side with the key, and fall back to STUN when the TURN service fails", async () => {
    const turn = [{ urls: ["turn:turn.cloudflare.com:3478?transport=udp"], username: "short", credential: "lived" }];
    const fetcher = vi.fn(async () => new Response(JSON.stringify({ iceServers: turn }), { status: 201 }));
    const config = { ...none, TURN_KEY_ID: "key-id", TURN_KEY_API_TOKEN: "secret-token" };
    expect(await iceServersFor(config, fetcher as unknown as typeof fetch)).toEqual(turn);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("https://rtc.live.cloudflare.com/v1/turn/keys/key-id/credentials/generate-ice-servers");
    expect(init.headers).toMatchObject({ authorization: "Bearer secret-token" });
    expect(JSON.parse(init.body as string)).toEqual({ ttl: 7200 });

    vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const down = vi.fn(async () => new Response("no", { status: 500 }));
    expect(await iceServersFor(config, down as unknown as typeof fetch)).toEqual(DEFAULT_ICE_SERVERS);
    const offline = vi.fn(async () => Promise.reject(new TypeError("network")));
    expect(await iceServersFor(config, offline as unknown as typeof fetch)).toEqual(DEFAULT_ICE_SERVERS);
  });
});

describe("the countdown and the timer", () => {
  it("show minutes and seconds, hours past an hour, never below zero", () => {
    expect(clockText(65_000)).toBe("1:05");
    expect(clockText(1)).toBe("0:01");
    expect(clockText(-5000)).toBe("0:00");
    expect(clockText(3_723_000)).toBe("1:02:03");
  });
});
