/**
 * A webhook receiver on loopback for the tests: records every request (headers, exact
 * body, when) and answers what `answer` says for it (200 by default).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export interface Receiver {
  url: string;
  received: Received[];
  answer: (req: Received, res: http.ServerResponse) => void;
  /** waits until `done(received)` holds, or fails after `ms` */
  waitFor(done: (received: Received[]) => boolean, ms?: number): Promise<void>;
  close(): Promise<void>;
}

export async function startReceiver(host = "127.0.0.1"): Promise<Receiver> {
  const receiver: Receiver = {
    url: "",
    received: [],
    answer: (_req, res) => res.writeHead(200, { "content-type": "text/plain" }).end("ok"),
    async waitFor(done, ms = 30_000) {
      const deadline = Date.now() + ms;
      while (!done(receiver.received)) {
        if (Date.now() > deadline)
          throw new Error(`receiver: not done after ${ms} ms (${receiver.received.length} requests)`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const got = {
        path: req.url!,
        headers: req.headers,
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
      };
      receiver.received.push(got);
      receiver.answer(got, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, host, r));
  receiver.url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return receiver;
}
