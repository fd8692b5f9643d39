/**
 * The network a client address belongs to, as the unique download counts see a client
 * (lib/documents/unique-downloads.ts): its /24 for IPv4 and its /56 for IPv6. One
 * household or small office usually has one IPv4 address or a few in one /24 behind NAT,
 * and ISPs hand a customer an IPv6 /56 (or a /48 or /64, which a /56 covers or splits
 * in few), so a client that changes address inside its own network, as IPv6 privacy
 * addresses do every day, stays one client. An IPv4 peer seen on a dual-stack socket
 * (::ffff:a.b.c.d) is that IPv4 address. Addresses are parsed by the address guard's
 * parser (lib/net/address-policy.ts).
 */
import { isIpv4Mapped, parseAddress } from "./address-policy";

export const IPV4_PREFIX_BITS = 24;
export const IPV6_PREFIX_BITS = 56;

function ipv4Text(value: bigint): string {
  return [24n, 16n, 8n, 0n].map((shift) => Number((value >> shift) & 0xffn)).join(".");
}

/** Groups of 16 bits, zeros compressed the way RFC 5952 writes them (the longest run of two or more). */
function ipv6Text(value: bigint): string {
  const groups = Array.from({ length: 8 }, (_, i) => Number((value >> BigInt(112 - 16 * i)) & 0xffffn));
  let [bestStart, bestLength] = [-1, 1];
  for (let i = 0; i < 8;) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(":");
  return `${hex.slice(0, bestStart).join(":")}::${hex.slice(bestStart + bestLength).join(":")}`;
}

/**
 * The network of `address` with the given prefix lengths, in CIDR notation; a text that
 * is not an IP address (a Unix socket's peer) is its own network. Also used by the rate
 * limits (lib/rate-limit/limit-address.ts) with other lengths.
 */
export function networkOf(address: string, ipv4Bits: number, ipv6Bits: number): string {
  const parsed = parseAddress(address);
  if (!parsed) return address;
  if (parsed.family === 6 && !isIpv4Mapped(parsed.value)) {
    const shift = BigInt(128 - ipv6Bits);
    return `${ipv6Text((parsed.value >> shift) << shift)}/${ipv6Bits}`;
  }
  const shift = BigInt(32 - ipv4Bits);
  return `${ipv4Text(((parsed.value & 0xffffffffn) >> shift) << shift)}/${ipv4Bits}`;
}

/** The client's network as unique downloads count it ("203.0.113.0/24", "2001:db8:aa:bb00::/56"). */
export function addressPrefix(address: string): string {
  return networkOf(address, IPV4_PREFIX_BITS, IPV6_PREFIX_BITS);
}
