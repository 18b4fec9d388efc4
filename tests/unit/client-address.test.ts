import { describe, expect, it } from "vitest";
import { clientAddress, LOCAL_ADDRESS, throttledNetwork } from "../../worker/platform/client-address";

const from = (ip?: string) => clientAddress(new Request("http://x/", { headers: ip === undefined ? {} : { "cf-connecting-ip": ip } }));

describe("client network for throttling", () => {
  it("is CF-Connecting-IP for IPv4, and the /64 of an IPv6 address, lower-cased", () => {
    expect(from("203.0.113.7")).toBe("203.0.113.7");
    expect(from("2001:DB8::1")).toBe("2001:db8:0:0::/64");
  });

  it("counts every address of one IPv6 /64 as one network, however it is written", () => {
    const one = [
      "2001:db8:1:2::1",
      "2001:db8:1:2:ffff:ffff:ffff:ffff",
      "2001:0db8:0001:0002:0000:0000:0000:0009",
      "2001:db8:1:2:a:b:c:d",
      "2001:db8:1:2::7%eth0",
      "2001:db8:1:2:0:0:1.2.3.4",
    ];
    expect(new Set(one.map(from))).toEqual(new Set(["2001:db8:1:2::/64"]));
    expect(from("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(from("2001:db8::1")).not.toBe(from("2001:db8:0:1::1"));
  });

  it("counts an IPv4 address written as IPv6 as the IPv4 address, and IPv4 addresses one by one", () => {
    expect(from("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(from("::ffff:cb00:7107")).toBe("203.0.113.7");
    expect(from("203.0.113.8")).not.toBe(from("203.0.113.7"));
  });

  it("keeps what it cannot read as it came (never one shared bucket)", () => {
    for (const odd of ["1::2::3", "gggg::1", "1:2:3:4:5:6:7:8:9", "::ffff:300.1.1.1"]) expect(throttledNetwork(odd)).toBe(odd);
  });

  it("is the local fallback when missing, loopback (workerd fills it in locally) or absurd", () => {
    for (const ip of [undefined, "", "127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1", "x".repeat(65)])
      expect(from(ip)).toBe(LOCAL_ADDRESS);
  });
});
