import { describe, expect, it } from "vitest";
import { clientAddress, LOCAL_ADDRESS } from "../../worker/services/client-address";

const from = (ip?: string) => clientAddress(new Request("http://x/", { headers: ip === undefined ? {} : { "cf-connecting-ip": ip } }));

describe("client address for throttling", () => {
  it("is CF-Connecting-IP, lower-cased", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("2001:DB8::1")).toBe("2001:db8::1");
  });

  it("is the local fallback when missing, loopback (workerd fills it in locally) or absurd", () => {
    for (const ip of [undefined, "", "127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "x".repeat(65)]) expect(from(ip)).toBe(LOCAL_ADDRESS);
  });
});
