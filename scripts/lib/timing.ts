/** Timing helpers of the measuring scripts. */

/** The middle value (the upper one of an even count): what the scripts quote. */
export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Milliseconds `f` takes. */
export async function time(f: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await f();
  return performance.now() - t0;
}
