// The request target a v1 handler and the signature check see is the one on the request
// line, byte for byte (lib/api/node-adapter.ts; docs/CONTRACT.md#signing): no URL parser
// may rebuild it. Checked over a real node:http server and socket, in-process.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readNodeRequest } from "@/lib/api/node-adapter";

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    readNodeRequest(req, 1024).then(
      ({ apiReq }) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.end(JSON.stringify({ method: apiReq.method, rawTarget: apiReq.rawTarget, body: [...apiReq.body] }));
      },
      (err: Error) => {
        res.writeHead(500);
        res.end(err.message);
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function send(method: string, target: string, body = Buffer.alloc(0)) {
  return new Promise<{ method: string; rawTarget: string; body: number[] }>((resolve, reject) => {
    const req = http.request(
      { host: "127.0.0.1", port, method, path: target, agent: false, headers: { "content-length": body.length } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve(JSON.parse(Buffer.concat(chunks).toString("utf8")) as never));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

describe("readNodeRequest", () => {
  it.each([
    "/v1/mod.php/./1?q='\"{}|^`<>",
    "/v1/mod.php/caf%C3%A9%2F1?a=1&a=2&&b&=c&d=",
    "/v1/mod.php?q=a+b&r=a%20b&s=%2B&t=%e2%82%ac&u=%41",
    "/v1/mod.php/a\\b/../c?",
    "//v1/mod.php",
  ])("keeps the request target %s exactly as sent", async (target) => {
    expect(await send("GET", target)).toEqual({ method: "GET", rawTarget: target, body: [] });
  });

  it("keeps the body's bytes", async () => {
    const body = Buffer.from([0x7b, 0x0d, 0x0a, 0xff, 0x00]);
    expect(await send("POST", "/v1/document.php?x", body)).toEqual({
      method: "POST",
      rawTarget: "/v1/document.php?x",
      body: [...body],
    });
  });
});
