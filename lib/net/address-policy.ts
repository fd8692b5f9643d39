/**
 * Which network addresses the service may reach when a user gives it a URL (engram pull
 * URLs, webhook targets): only public unicast addresses. Every refused range is listed
 * below with its reason; docs/OPERATIONS.md ("The address guard") prints the same table,
 * and a unit test keeps the two in step.
 *
 * IPv6 forms that carry an IPv4 address are the trap: on a network with a NAT64, 6to4 or
 * Teredo gateway they reach the IPv4 address inside. Two of them are how real networks
 * reach public IPv4 hosts (an IPv4-mapped peer on a dual-stack socket, and DNS64 answers
 * in 64:ff9b::/96 on IPv6-only networks), so those are judged by the IPv4 address they
 * carry. The others are deprecated or tunnelling forms no public service needs, where the
 * embedded address is not always where a parser would look (local-use NAT64 prefixes
 * vary in length, Teredo inverts its client address): they are refused outright. Last, an
 * IPv6 address outside 2000::/3, the only block IANA hands out for global unicast, is
 * refused whatever it is.
 */
import { isIP } from "node:net";

export interface AddressRange {
  /** CIDR notation */
  range: string;
  reason: string;
}

/** IPv4 ranges never reached, most specific first. */
export const REFUSED_IPV4: readonly AddressRange[] = [
  { range: "0.0.0.0/8", reason: '"this network"; 0.0.0.0 reaches the local host' },
  { range: "10.0.0.0/8", reason: "private network" },
  { range: "100.64.0.0/10", reason: "carrier-grade NAT, shared address space" },
  { range: "127.0.0.0/8", reason: "loopback" },
  { range: "169.254.0.0/16", reason: "link-local; cloud metadata services live at 169.254.169.254" },
  { range: "172.16.0.0/12", reason: "private network" },
  { range: "192.0.0.0/24", reason: "IETF protocol assignments (NAT64 discovery, DS-Lite)" },
  { range: "192.0.2.0/24", reason: "documentation (TEST-NET-1)" },
  { range: "192.88.99.0/24", reason: "6to4 relay anycast (deprecated)" },
  { range: "192.168.0.0/16", reason: "private network" },
  { range: "198.18.0.0/15", reason: "benchmarking" },
  { range: "198.51.100.0/24", reason: "documentation (TEST-NET-2)" },
  { range: "203.0.113.0/24", reason: "documentation (TEST-NET-3)" },
  { range: "224.0.0.0/4", reason: "multicast" },
  { range: "240.0.0.0/4", reason: "reserved, and the broadcast address 255.255.255.255" },
];

/** IPv6 ranges judged by the IPv4 address in their last 32 bits. */
export const IPV4_CARRYING_IPV6: readonly AddressRange[] = [
  { range: "::ffff:0:0/96", reason: "IPv4-mapped: a dual-stack socket's view of an IPv4 peer" },
  { range: "64:ff9b::/96", reason: "NAT64 well-known prefix: DNS64 answers for IPv4-only hosts" },
];

/** IPv6 ranges never reached, most specific first (the first match names the reason). */
export const REFUSED_IPV6: readonly AddressRange[] = [
  { range: "::/128", reason: "the unspecified address; reaches the local host" },
  { range: "::1/128", reason: "loopback" },
  { range: "::/96", reason: "IPv4-compatible (deprecated): ::a.b.c.d carries an IPv4 address" },
  { range: "::ffff:0:0:0/96", reason: "IPv4-translated (SIIT): ::ffff:0:a.b.c.d carries an IPv4 address" },
  { range: "64:ff9b:1::/48", reason: "local-use NAT64: reaches IPv4 addresses through a local gateway" },
  { range: "100::/64", reason: "discard-only" },
  { range: "2001::/32", reason: "Teredo: tunnels to the IPv4 addresses it carries" },
  { range: "2001::/23", reason: "IETF protocol assignments (benchmarking, ORCHID, ...)" },
  { range: "2001:db8::/32", reason: "documentation" },
  { range: "2002::/16", reason: "6to4: tunnels to the IPv4 address in its bits 16-47" },
  { range: "3fff::/20", reason: "documentation" },
  { range: "5f00::/16", reason: "segment routing (SRv6) identifiers" },
  { range: "fc00::/7", reason: "unique-local (private network; AWS metadata at fd00:ec2::254)" },
  { range: "fe80::/10", reason: "link-local" },
  { range: "fec0::/10", reason: "site-local (deprecated)" },
  { range: "ff00::/8", reason: "multicast" },
];

/** Any other IPv6 address outside this block is refused too: IANA assigns public unicast addresses only here. */
export const GLOBAL_UNICAST_IPV6: AddressRange = {
  range: "2000::/3",
  reason: "outside it: not global unicast (unassigned or special-purpose)",
};

export type AddressVerdict =
  | { allowed: true }
  | {
      allowed: false;
      /** the refused range (for the IPv4 inside an IPv6 form, the IPv4 range) */
      range: string;
      reason: string;
    };

/** 128-bit value of an IPv6 address (any textual form isIP accepts, zone removed). */
function ipv6Value(address: string): bigint {
  let text = address;
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split("::") as [string, string | undefined];
  const groups = (part: string | undefined) => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  const all =
    tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function ipv4Value(address: string): bigint {
  return address.split(".").reduce((value, octet) => (value << 8n) | BigInt(Number(octet)), 0n);
}

interface Compiled extends AddressRange {
  shift: bigint;
  prefix: bigint;
}

/** Each range's prefix worked out once: the guard runs for every connection a user's URL makes. */
function compile(ranges: readonly AddressRange[], width: 32 | 128): Compiled[] {
  return ranges.map((r) => {
    const [net, bits] = r.range.split("/") as [string, string];
    const shift = BigInt(width - Number(bits));
    return { ...r, shift, prefix: (width === 32 ? ipv4Value(net) : ipv6Value(net)) >> shift };
  });
}

const refusedV4 = compile(REFUSED_IPV4, 32);
const carryingV4 = compile(IPV4_CARRYING_IPV6, 128);
const ipv4Mapped = carryingV4.find((r) => r.range === "::ffff:0:0/96")!;
const refusedV6 = compile(REFUSED_IPV6, 128);
const [globalUnicast] = compile([GLOBAL_UNICAST_IPV6], 128) as [Compiled];
const within = (value: bigint) => (r: Compiled) => value >> r.shift === r.prefix;

function judgeIpv4(value: bigint): AddressVerdict {
  const hit = refusedV4.find(within(value));
  return hit ? { allowed: false, range: hit.range, reason: hit.reason } : { allowed: true };
}

function judgeIpv6(value: bigint): AddressVerdict {
  if (carryingV4.some(within(value))) return judgeIpv4(value & 0xffffffffn);
  const hit = refusedV6.find(within(value));
  if (hit) return { allowed: false, range: hit.range, reason: hit.reason };
  if (!within(value)(globalUnicast))
    return { allowed: false, range: `outside ${globalUnicast.range}`, reason: "not global unicast" };
  return { allowed: true };
}

/** A literal IP address as a number: 32 bits for IPv4, 128 for IPv6. */
export interface ParsedAddress {
  family: 4 | 6;
  value: bigint;
}

/**
 * A literal IP address (IPv6 with or without brackets or zone, any textual form node:net
 * accepts) as its family and value; null when it is not one. The one parser of the
 * service's address code: the guard below and the download counts' prefixes
 * (lib/net/address-prefix.ts) read addresses the same way.
 */
export function parseAddress(address: string): ParsedAddress | null {
  const plain = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(plain);
  if (family === 4) return { family, value: ipv4Value(plain) };
  if (family === 6) return { family, value: ipv6Value(plain.toLowerCase()) };
  return null;
}

/** True when this IPv6 value is an IPv4-mapped address (::ffff:a.b.c.d): a dual-stack socket's view of an IPv4 peer. */
export function isIpv4Mapped(value: bigint): boolean {
  return within(value)(ipv4Mapped);
}

/** Whether a literal IP address (IPv6 with or without brackets or zone) may be reached, and if not why. */
export function judgeAddress(address: string): AddressVerdict {
  const parsed = parseAddress(address);
  if (!parsed) return { allowed: false, range: "-", reason: "not an IP address" };
  return parsed.family === 4 ? judgeIpv4(parsed.value) : judgeIpv6(parsed.value);
}

/** True when the literal IP address is one the service must never reach. */
export function isForbiddenAddress(address: string): boolean {
  return !judgeAddress(address).allowed;
}
