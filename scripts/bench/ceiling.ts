/**
 * usage: tsx scripts/bench/ceiling.ts <port>
 * The machine's ceiling for the benchmark: a bare node:http server answering 1 KB of
 * JSON, measured in the same run as the service so ratios survive a noisy machine.
 */
import http from "node:http";

if (process.argv.includes("--help")) {
  console.log("usage: tsx scripts/bench/ceiling.ts <port>\nServes 1 KB of JSON on 127.0.0.1:<port>.");
  process.exit(0);
}
const body = Buffer.from(JSON.stringify({ data: "x".repeat(1000) }).slice(0, 1024));
http
  .createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json", "content-length": body.length });
    res.end(body);
  })
  .listen(Number(process.argv[2]), "127.0.0.1", () => console.log("ready"));
