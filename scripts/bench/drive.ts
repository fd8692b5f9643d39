/**
 * usage: tsx scripts/bench/drive.ts '<json options>'   (or the JSON on stdin, with no argument:
 *        a large body does not fit in an argument)
 * The load generator, run as its own process so it never competes with the server's
 * event loop: autocannon with a warm-up, then the measured run; prints one JSON line
 * (the warm-up's request count too, so CPU time over both can be put per request).
 */
import { readFileSync } from "node:fs";
import autocannon from "autocannon";

interface DriveOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  duration: number;
  warmup: number;
}

if (process.argv.includes("--help")) {
  console.log(
    "usage: tsx scripts/bench/drive.ts '<json: url, method, headers, body, connections, duration, warmup>' (or that JSON on stdin)",
  );
  process.exit(0);
}
const options = JSON.parse(process.argv[2] ?? readFileSync(0, "utf8")) as DriveOptions;
const base = {
  url: options.url,
  method: (options.method ?? "GET") as "GET",
  headers: options.headers ?? {},
  body: options.body,
  connections: options.connections,
};

const warm = options.warmup > 0 ? await autocannon({ ...base, duration: options.warmup }) : null;
const r = await autocannon({ ...base, duration: options.duration });
const statusCodes = r.statusCodeStats as unknown as Record<string, { count: number }>;
console.log(
  JSON.stringify({
    requests: r.requests.total,
    warmupRequests: warm?.requests.total ?? 0,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    errors: r.errors + r.timeouts + r.non2xx - (statusCodes["304"]?.count ?? 0),
    statusCodes: Object.fromEntries(Object.entries(statusCodes).map(([k, v]) => [k, v.count])),
    bytesPerSecond: r.throughput.average,
  }),
);
