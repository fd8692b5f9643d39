/**
 * What every per-address limit counts (the v1 API's per-address limit, reports, sign-in
 * and recovery attempts): an IPv4 client by its address, an IPv6 client by its /64. One
 * IPv6 subscriber gets at least a /64 and picks addresses in it at will (privacy
 * addresses change daily, and anyone can take thousands), so counting full IPv6
 * addresses let one client look like 60. A /64 is what one customer's
 * network is by definition (RFC 6177); a wider prefix would make neighbours on a shared
 * /56 or /48 share one count. An IPv4 peer on a dual-stack socket (::ffff:a.b.c.d) is that
 * IPv4 address; a text that is no IP address (a Unix socket) counts as itself.
 */
import { networkOf } from "@/lib/net/address-prefix";

export const LIMIT_IPV6_PREFIX_BITS = 64;

/** "203.0.113.9/32", "2001:db8:1:2::/64". */
export function limitAddress(address: string): string {
  return networkOf(address, 32, LIMIT_IPV6_PREFIX_BITS);
}
