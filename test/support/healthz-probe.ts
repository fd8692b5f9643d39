/**
 * /healthz asked every 20 ms while a test loads the server: how long the server keeps
 * everyone else waiting. `stop()` ends it and gives the waits, sorted, with their median
 * and the worst (the tests of bodies and diffs that must not stall the event loop).
 */
import { expect } from "vitest";

export interface ProbeWaits {
  /** every wait in ms, shortest first */
  sorted: number[];
  median: number;
  worst: number;
}

export function probeHealthz(base: string): { answered: Promise<void>; stop(): Promise<ProbeWaits> } {
  let done = false;
  const latencies: number[] = [];
  let firstAnswer!: () => void;
  const answered = new Promise<void>((resolve) => (firstAnswer = resolve));
  const running = (async () => {
    while (!done) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`);
      await res.arrayBuffer();
      latencies.push(performance.now() - started);
      expect(res.status).toBe(200);
      firstAnswer();
      // The probe's own pace (a poll interval), not a wait for anything.
      await new Promise((r) => setTimeout(r, 20));
    }
  })();
  return {
    /** resolves once the first probe has its answer: the probe is running */
    answered,
    async stop() {
      done = true;
      await running;
      const sorted = [...latencies].sort((a, b) => a - b);
      return { sorted, median: sorted[Math.floor(sorted.length / 2)] ?? Infinity, worst: sorted.at(-1) ?? Infinity };
    },
  };
}
