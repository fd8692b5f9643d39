// The client networks unique downloads count (lib/net/address-prefix.ts): an IPv4
// address's /24, an IPv6 address's /56, an IPv4 peer on a dual-stack socket as IPv4, in
// every textual form the address guard's parser reads.
import { describe, expect, it } from "vitest";
import { addressPrefix } from "@/lib/net/address-prefix";
import { limitAddress } from "@/lib/rate-limit/limit-address";

describe("addressPrefix", () => {
  it("is the /24 of an IPv4 address", () => {
    expect(addressPrefix("203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressPrefix("203.0.113.0")).toBe("203.0.113.0/24");
    expect(addressPrefix("203.0.114.1")).toBe("203.0.114.0/24");
    expect(addressPrefix("127.0.0.1")).toBe("127.0.0.0/24");
    expect(addressPrefix("255.255.255.255")).toBe("255.255.255.0/24");
  });

  it("reads an IPv4 peer of a dual-stack socket (::ffff:a.b.c.d, also in hex) as that IPv4 address", () => {
    expect(addressPrefix("::ffff:203.0.113.77")).toBe("203.0.113.0/24");
    expect(addressPrefix("::FFFF:cb00:714d")).toBe("203.0.113.0/24");
    expect(addressPrefix("::ffff:127.0.0.1")).toBe(addressPrefix("127.0.0.9"));
  });

  it("is the /56 of an IPv6 address, written as RFC 5952 writes it", () => {
    expect(addressPrefix("2001:db8:aa:bb01::1")).toBe("2001:db8:aa:bb00::/56");
    // Privacy addresses change inside the customer's /56: one network.
    expect(addressPrefix("2001:db8:aa:bbff:1234:5678:9abc:def0")).toBe("2001:db8:aa:bb00::/56");
    expect(addressPrefix("2001:DB8:AA:BB01:0:0:0:1")).toBe("2001:db8:aa:bb00::/56");
    expect(addressPrefix("[2001:db8:aa:bb01::1]")).toBe("2001:db8:aa:bb00::/56");
    expect(addressPrefix("fe80::1%eth0")).toBe("fe80::/56");
    // The next /56 is another network.
    expect(addressPrefix("2001:db8:aa:cc00::1")).toBe("2001:db8:aa:cc00::/56");
    expect(addressPrefix("2001:db8:0:1::1")).toBe("2001:db8::/56");
    expect(addressPrefix("::1")).toBe("::/56");
    expect(addressPrefix("2001:db8:1:2ff::")).toBe("2001:db8:1:200::/56");
  });

  it("keeps a text that is not an IP address as its own network", () => {
    expect(addressPrefix("")).toBe("");
    expect(addressPrefix("/run/beacon.sock")).toBe("/run/beacon.sock");
  });
});

describe("limitAddress (every rate limit's client)", () => {
  it("counts an IPv4 client by its address and an IPv6 client by its /64", () => {
    expect(limitAddress("203.0.113.9")).toBe("203.0.113.9/32");
    expect(limitAddress("::ffff:203.0.113.9")).toBe("203.0.113.9/32");
    expect(limitAddress("2001:db8:1:2:aaaa:bbbb:cccc:dddd")).toBe("2001:db8:1:2::/64");
    expect(limitAddress("2001:db8:1:2::1")).toBe(limitAddress("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(limitAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
    expect(limitAddress("2001:DB8:0:0:1::1")).toBe("2001:db8::/64");
    expect(limitAddress("unknown")).toBe("unknown");
  });
});
