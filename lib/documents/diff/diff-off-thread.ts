/**
 * The diff of two document contents, computed on a worker thread. Reading two large
 * contents and comparing them costs the event loop a quarter to half a second per MiB (a
 * crafted 1 MiB loot document: ~0.4 s), and anyone may ask for the diff of any two kept
 * revisions: on the event loop, four at once stalled every request for seconds. On the
 * worker the event loop only sends the bytes (or a kept revision's stored chunks, which the
 * worker inflates and checks: lib/documents/revisions/stored-content.ts), looks the named
 * items up in the catalogue (lib/catalogue/resolve-items.ts) and receives the answer.
 *
 * One worker per process (shared by the API and the pages: lib/process/process-wide.ts), one diff at
 * a time, the others in line: a burst of diffs waits for the worker, never the server. A
 * diff that takes longer than DIFF_TIME_LIMIT_MS, or more memory than the worker has, ends
 * the worker (a new one takes the next) and is answered as a comparison of sizes and
 * checksums with a note saying why. Where the compiled worker is missing (a development
 * server, unit tests before a build), the diff is computed on the calling thread.
 */
import { processWide } from "@/lib/process/process-wide";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { ApiError } from "@/lib/api/errors";
import type { ItemFacts, ItemFactsOf, ItemRef } from "@/lib/catalogue/resolve-items";
import { contentBytes, type StoredContent } from "@/lib/documents/revisions/stored-content";
import { appRoot } from "@/lib/server/app-root";
import { diffContents, diffItems, limitLines, readDiffSide, sameBytes, type DocumentDiff } from "./document-diff";

/** The longest one diff may take on the worker. */
export const DIFF_TIME_LIMIT_MS = 20_000;
/** Diffs waiting for the worker at most; more are a 503 (the publish path's never are). */
export const MAX_WAITING_DIFFS = 16;
/** The worker's heap: a 4 MiB content parses to some tens of MiB. */
const WORKER_HEAP_MB = 512;

/** A side of a diff: its bytes, or a kept revision as stored (joined where the diff runs). */
export type DiffInput = Uint8Array | StoredContent;

export type ToWorker =
  { type: "read"; a: DiffInput; b: DiffInput; maxLines: number } | { type: "facts"; facts: (ItemFacts | null)[] };
export type FromWorker =
  { type: "items"; items: ItemRef[] } | { type: "done"; diff: DocumentDiff } | { type: "failed"; message: string };

/** Looks up the items a diff names (on the calling thread, where the catalogue is). */
export type FactsFor = (items: ItemRef[]) => Promise<ItemFactsOf>;

export interface DiffOptions {
  /** each list's first lines kept (limitLines); all when absent */
  maxLines?: number;
  /**
   * A publish's revision summary: goes before the waiting diffs anyone may ask for and is
   * never refused, so a burst of anonymous diffs cannot hold an author's write.
   */
  urgent?: boolean;
}

interface Job extends DiffOptions {
  a: DiffInput;
  b: DiffInput;
  factsFor: FactsFor;
  resolve(diff: DocumentDiff): void;
  reject(err: Error): void;
}

/** dist/diff-worker.js beside the server's bundle; null where it was not built. */
function workerFile(): string | null {
  const here = join(process.cwd(), "dist", "diff-worker.js");
  if (existsSync(here)) return here;
  if (!process.argv[1]) return null;
  const there = join(appRoot(pathToFileURL(process.argv[1]).href), "dist", "diff-worker.js");
  return existsSync(there) ? there : null;
}

/** The answer for a diff the worker could not finish: sizes and checksums only, and why. */
function bytesOnly(a: DiffInput, b: DiffInput, why: string): DocumentDiff {
  const identical =
    a instanceof Uint8Array || b instanceof Uint8Array
      ? sameBytes(contentBytes(a), contentBytes(b))
      : a.sha256 === b.sha256;
  return {
    format: "bytes",
    identical,
    changes: [],
    json: [],
    gameIni: [],
    odds: [],
    note: `The content could not be compared in detail (${why}): only its size and checksum are compared.`,
  };
}

class DiffThread {
  private worker: Worker | null = null;
  private readonly line: Job[] = [];
  private current: Job | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly file: string) {}

  diff(job: Job): void {
    if (job.urgent) {
      const firstOther = this.line.findIndex((j) => !j.urgent);
      this.line.splice(firstOther < 0 ? this.line.length : firstOther, 0, job);
    } else if (this.line.length >= MAX_WAITING_DIFFS) {
      return job.reject(
        new ApiError(
          "unavailable",
          "Too many diffs are being computed; try again in a few seconds.",
          { retry_after: 5 },
          { "retry-after": "5" },
        ),
      );
    } else this.line.push(job);
    if (!this.current) this.next();
  }

  private next(): void {
    const job = this.line.shift();
    this.current = job ?? null;
    if (!job) return;
    const worker = this.start();
    this.timer = setTimeout(
      () => this.abandon(`it took longer than ${DIFF_TIME_LIMIT_MS / 1000} s`),
      DIFF_TIME_LIMIT_MS,
    );
    const maxLines = job.maxLines ?? Number.MAX_SAFE_INTEGER;
    worker.postMessage({ type: "read", a: job.a, b: job.b, maxLines } satisfies ToWorker);
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.file, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle worker never keeps a process (a test, a CLI command) alive.
    worker.unref();
    // A worker that was ended may still have a message in flight: only the current one is heard.
    worker.on("message", (message: FromWorker) => void (this.worker === worker && this.received(worker, message)));
    worker.on("error", (err) => {
      if (this.worker === worker) this.abandon(/memory/i.test(err.message) ? "it needed too much memory" : err.message);
    });
    worker.on("exit", () => {
      if (this.worker === worker) this.worker = null;
    });
    this.worker = worker;
    return worker;
  }

  private async received(worker: Worker, message: FromWorker): Promise<void> {
    const job = this.current;
    if (!job) return;
    if (message.type === "items") {
      try {
        const facts = await job.factsFor(message.items);
        // Abandoned meanwhile (its time ran out): the worker is gone and the job answered.
        if (this.current !== job || this.worker !== worker) return;
        worker.postMessage({
          type: "facts",
          facts: message.items.map((item) => {
            const f = facts(item);
            return f ? { label: f.label, can_blueprint: f.can_blueprint } : null;
          }),
        } satisfies ToWorker);
      } catch (err) {
        if (this.current === job) this.finish(() => job.reject(err as Error), true);
      }
      return;
    }
    if (message.type === "done") this.finish(() => job.resolve(message.diff));
    else this.finish(() => job.resolve(bytesOnly(job.a, job.b, message.message)));
  }

  /** Ends the worker (a new one takes the next diff) and answers the current one without it. */
  private abandon(why: string): void {
    const job = this.current;
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    if (job) this.finish(() => job.resolve(bytesOnly(job.a, job.b, why)), false);
  }

  private finish(answer: () => void, restart = false): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (restart) {
      void this.worker?.terminate();
      this.worker = null;
    }
    answer();
    this.next();
  }
}

// One per process: server.ts and Next.js's bundle each carry a copy of this module.

function diffThread(): DiffThread | null {
  return processWide("beaconDiffThread", () => {
    const file = workerFile();
    return file ? new DiffThread(file) : null;
  });
}

/** The diff of `a` to `b`; `factsFor` names the items of loot documents (none asked otherwise). */
export async function diffOffThread(
  a: DiffInput,
  b: DiffInput,
  factsFor: FactsFor,
  options: DiffOptions = {},
): Promise<DocumentDiff> {
  const thread = diffThread();
  if (!thread) {
    const [sa, sb] = [readDiffSide(contentBytes(a)), readDiffSide(contentBytes(b))];
    const diff = diffContents(sa, sb, sa.loot || sb.loot ? await factsFor(diffItems(sa, sb)) : undefined);
    return limitLines(diff, options.maxLines ?? Number.MAX_SAFE_INTEGER);
  }
  return new Promise((resolve, reject) => thread.diff({ ...options, a, b, factsFor, resolve, reject }));
}
