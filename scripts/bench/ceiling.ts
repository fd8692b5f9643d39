/**
 * usage: tsx scripts/bench/ceiling.ts <port>
 * The machine's ceiling for the benchmark: a bare node:http server answering 1 KB of
 * JSON (or /bytes/<n>: n bytes, /random/<n>: n random bytes), measured in the same run as the service so ratios
 * survive a noisy machine.
 */
import { randomBytes } from "node:crypto";
import http from "node:http";

if (process.argv.includes("--help")) {
  console.log("usage: tsx scripts/bench/ceiling.ts <port>\nServes 1 KB of JSON on 127.0.0.1:<port>.");
  process.exit(0);
}
const body = Buffer.from(JSON.stringify({ data: "x".repeat(1000) }).slice(0, 1024));
const sized = new Map<string, Buffer>();
http
  .createServer((req, res) => {
    // /bytes/<n>: n bytes, to give large replies a ceiling of their own; /random/<n>: n
    // random bytes, like a compressed reply (the load generator parses those more slowly)
    const n = /^\/(bytes|random)\/(\d+)$/.exec(req.url ?? "");
    let reply: Buffer = body;
    if (n) {
      const size = Math.min(Number(n[2]), 256 * 1024 * 1024);
      const key = `${n[1]}/${size}`;
      if (!sized.has(key)) sized.set(key, n[1] === "random" ? randomBytes(size) : Buffer.alloc(size, 0x20));
      reply = sized.get(key)!;
    }
    res.writeHead(200, { "content-type": "application/json", "content-length": reply.length });
    res.end(reply);
  })
  .listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));
