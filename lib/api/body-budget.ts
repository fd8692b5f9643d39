/**
 * How many request-body bytes this process holds at once. Every body is read whole before
 * its signature can be checked (the signature covers it), so without a bound 40 concurrent
 * 16 MiB bodies took the server from 432 to 940 MiB. A body larger than SMALL_BODY_BYTES
 * reserves its size (its Content-Length, or the limit when it is chunked) before a byte
 * is read; past the budget it waits its turn, unread (TCP holds the client back), for at
 * most WAIT_MS, then is refused with a 503 and Retry-After. Small bodies never wait: the
 * requests of players and game clients are a few KB, and they must not queue behind uploads.
 *
 * One reservation always proceeds when nothing else is held, so a budget smaller than a
 * single body's limit still lets that body through, one at a time.
 */
import { ApiError } from "@/lib/api/errors";

/** Bodies up to this size are never counted (the everyday requests). */
export const SMALL_BODY_BYTES = 64 * 1024;
/** The longest a large body waits for room before its 503. */
export const WAIT_MS = 10_000;

export interface BodyBudget {
  /** Resolves with the release function once `bytes` fit; throws the 503 after waitMs. */
  reserve(bytes: number): Promise<() => void>;
  /** bytes reserved now (metrics and tests) */
  held(): number;
  /** reservations waiting for room now */
  waiting(): number;
}

export function busyWithBodies(waitMs: number): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(
    "unavailable",
    `The server is receiving too many large request bodies at once; try again in ${seconds} s.`,
    { retry_after: seconds },
    { "retry-after": String(seconds) },
  );
}

export function bodyBudget(totalBytes: number, waitMs = WAIT_MS): BodyBudget {
  let held = 0;
  const queue: { bytes: number; grant: () => void }[] = [];
  const fits = (bytes: number) => held === 0 || held + bytes <= totalBytes;
  const take = (bytes: number) => {
    held += bytes;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      held -= bytes;
      // First come, first served: a large body at the head is not overtaken by smaller ones
      // behind it (it would wait for ever under a steady stream of them).
      while (queue.length > 0 && fits(queue[0]!.bytes)) queue.shift()!.grant();
    };
  };
  return {
    held: () => held,
    waiting: () => queue.length,
    reserve(bytes) {
      if (bytes <= SMALL_BODY_BYTES) return Promise.resolve(() => {});
      if (queue.length === 0 && fits(bytes)) return Promise.resolve(take(bytes));
      return new Promise((resolve, reject) => {
        const entry = {
          bytes,
          grant: () => {
            clearTimeout(timer);
            resolve(take(bytes));
          },
        };
        const timer = setTimeout(() => {
          queue.splice(queue.indexOf(entry), 1);
          reject(busyWithBodies(waitMs));
        }, waitMs);
        queue.push(entry);
      });
    },
  };
}
