// The parser-error replies written by hand (lib/api/client-error.ts): what Node would
// add itself must be there (RFC 9110 §6.6.1 Date, §8.6 Content-Length, §9.3.2 HEAD).
import { describe, expect, it } from "vitest";
import { clientErrorReply, isHeadRequest } from "@/lib/api/client-error";

const now = new Date("2026-11-23T18:19:26.123Z");
const split = (reply: string) => {
  const [head = "", ...rest] = reply.split("\r\n\r\n");
  return { lines: head.split("\r\n"), body: rest.join("\r\n\r\n") };
};

describe("client error replies", () => {
  it("a GET gets status, Date, exact Content-Length, Connection: close and the JSON body", () => {
    const { lines, body } = split(clientErrorReply("HPE_HEADER_OVERFLOW", { now }));
    expect(lines[0]).toBe("HTTP/1.1 431 Request Header Fields Too Large");
    expect(lines).toContain("Date: Mon, 23 Nov 2026 18:19:26 GMT");
    expect(lines).toContain(`Content-Length: ${Buffer.byteLength(body)}`);
    expect(lines).toContain("Connection: close");
    expect(JSON.parse(body)).toEqual({ message: expect.stringContaining("too large"), details: null });
  });

  it("a HEAD gets the same header section and nothing after it", () => {
    const get = clientErrorReply("HPE_INVALID_TRANSFER_ENCODING", { now });
    const head = clientErrorReply("HPE_INVALID_TRANSFER_ENCODING", { now, head: true });
    expect(head).toBe(get.slice(0, get.indexOf("\r\n\r\n") + 4));
    expect(head.startsWith("HTTP/1.1 400 Bad Request\r\n")).toBe(true);
  });

  it("an unknown method in a well-formed request line is 501; a broken one stays 400", () => {
    const status = (raw: string) =>
      clientErrorReply("HPE_INVALID_METHOD", { rawPacket: Buffer.from(raw, "latin1") }).split("\r\n")[0];
    expect(status("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n")).toBe("HTTP/1.1 501 Not Implemented");
    expect(status("BR@W /pot HTTP/1.1\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
    expect(status("\u0001\u0002 nonsense\r\n\r\n")).toBe("HTTP/1.1 400 Bad Request");
    expect(clientErrorReply("HPE_INVALID_METHOD").split("\r\n")[0]).toBe("HTTP/1.1 400 Bad Request");
  });

  it("knows a HEAD only from an intact request line", () => {
    expect(isHeadRequest(Buffer.from("HEAD / HTTP/1.1\r\n"))).toBe(true);
    for (const raw of [
      Buffer.from("GET / HTTP/1.1\r\n"),
      Buffer.from("head / HTTP/1.1"),
      Buffer.from("HEAD"),
      Buffer.from("HEADX /"),
      "HEAD / HTTP/1.1",
      undefined,
    ]) {
      expect(isHeadRequest(raw)).toBe(false);
    }
  });
});
