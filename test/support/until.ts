/**
 * Waits for a condition itself, not for a time: `check` is asked every 200 ms until it
 * gives something other than false (a failing check counts as not yet), which is returned;
 * past `timeoutMs` the wait fails, naming `what`.
 */
export async function until<T>(what: string, check: () => Promise<T | false>, timeoutMs = 180_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const got = await check().catch(() => false as const);
    if (got !== false) return got;
    if (Date.now() > deadline) throw new Error(`not ${what} after ${timeoutMs} ms`);
    // The poll's pace between two asks of the condition, not a wait for anything.
    await new Promise((r) => setTimeout(r, 200));
  }
}
