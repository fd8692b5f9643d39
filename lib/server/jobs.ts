/**
 * The server's background work as one list (server.ts): each job is started when it is
 * enabled and stopped the same way at shutdown, all at once, awaited before the database
 * closes (a job's stop finishes what it holds: a pull's write, a delivery in flight, the
 * last second's unique downloads). A job that fails to stop is logged, not fatal: the others
 * still stop.
 */

/** Something started that stops: what every job's start returns. */
export interface Stoppable {
  stop(): Promise<void> | void;
}

export interface JobSpec {
  /** the job's name in the logs */
  name: string;
  /** false: not started (its setting is off) */
  enabled: boolean;
  start(): Stoppable;
}

export interface RunningJob {
  name: string;
  stop(): Promise<void>;
}

export function startJobs(specs: readonly JobSpec[]): RunningJob[] {
  return specs
    .filter((spec) => spec.enabled)
    .map((spec) => {
      const job = spec.start();
      return { name: spec.name, stop: async () => void (await job.stop()) };
    });
}

/** Stops every job; each failure goes to `onError` with the job's name. */
export async function stopJobs(
  jobs: readonly RunningJob[],
  onError: (name: string, err: unknown) => void,
): Promise<void> {
  await Promise.all(jobs.map((job) => job.stop().catch((err: unknown) => onError(job.name, err))));
}
