/**
 * Sign-in attempts (for the web portal's sign-in, when it comes): limited per client
 * address and per account name, so neither guessing many passwords for one account nor
 * trying one password on many accounts from one address gets far. Throws the same JSON
 * 429 as the API.
 */
import type { RateLimiter } from "./limiter";
import { tooManyRequests } from "./api-limits";
import { limitAddress } from "./limit-address";

export function checkSignIn(
  limiter: RateLimiter,
  options: { address: string; account: string; perMinute: number },
): void {
  if (options.perMinute <= 0) return;
  const byAddress = limiter.hit(`signin-ip:${limitAddress(options.address)}`, options.perMinute);
  if (!byAddress.allowed) throw tooManyRequests(byAddress, "client address");
  const byAccount = limiter.hit(`signin-user:${options.account.toLowerCase()}`, options.perMinute);
  if (!byAccount.allowed) throw tooManyRequests(byAccount, "account");
}
