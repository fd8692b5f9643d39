/**
 * Which network addresses a pull may reach (docs/CONTRACT.md#pull): never loopback, private,
 * carrier-grade NAT, link-local (cloud metadata lives at 169.254.169.254), unique-local,
 * multicast, reserved or documentation ranges, unless PULL_ALLOW_PRIVATE_HOSTS=true.
 * IPv4-mapped and NAT64 IPv6 forms are judged by the IPv4 address they carry.
 */
import { BlockList, isIP } from "node:net";

const blocked = new BlockList();
for (const [net, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(net, bits, "ipv4");
}
for (const [net, bits] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const) {
  blocked.addSubnet(net, bits, "ipv6");
}

/** The IPv4 address inside ::ffff:a.b.c.d, ::ffff:XXXX:XXXX or 64:ff9b::/96, if any. */
export function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex) {
    const hi = parseInt(hex[1]!, 16);
    const lo = parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

/** True when the literal IP address is one a pull must never reach. */
export function isForbiddenAddress(address: string): boolean {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(plain);
  if (family === 4) return blocked.check(plain, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(plain);
    if (v4) return blocked.check(v4, "ipv4");
    return blocked.check(plain, "ipv6");
  }
  return true; // not an address at all
}
