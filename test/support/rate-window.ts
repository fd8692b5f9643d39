/**
 * Rate limits count per calendar minute (lib/rate-limit): a test that needs one window
 * for several seconds starts early in a minute, so the window cannot turn under it.
 */
export async function startEarlyInMinute(latestMs = 40_000): Promise<void> {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > latestMs) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
}
