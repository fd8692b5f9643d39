// `beacon-hub webhooks verify`: what receiver authors run on a request they saved. A
// valid signature exits 0, a changed body or another secret exits 1, a missing header 2.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { newSecret } from "@/lib/webhooks/secret-box";
import { signatureHeader } from "@/lib/webhooks/signature";
import { ROOT } from "../support/test-server";

const verify = (args: string[], body: string) =>
  spawnSync(process.execPath, [join(ROOT, "bin/beacon-hub.js"), "webhooks", "verify", ...args], {
    input: body,
    encoding: "utf8",
  });

describe("beacon-hub webhooks verify", () => {
  it("checks a Standard Webhooks signature read from the headers and the body on stdin", () => {
    const [secret, old] = [newSecret(), newSecret()];
    const body = '{"type":"webhook.test","timestamp":"2026-11-25T00:00:00.000Z","data":{}}';
    const ts = Math.floor(Date.now() / 1000);
    const sig = signatureHeader([secret, old], "evt_abc", ts, body);
    const args = (s: string) => ["--secret", s, "--id", "evt_abc", "--timestamp", String(ts), "--signature", sig];
    const good = verify(args(old), body);
    expect([good.status, good.stdout]).toEqual([0, "valid: signature 2 of 2 matches\n"]);
    expect(verify(args(secret), body.replace("test", "tset")).status).toBe(1);
    const wrong = verify(args(newSecret()), body);
    expect([wrong.status, wrong.stderr]).toEqual([1, "not valid: no signature matches\n"]);
    expect(verify(["--secret", secret, "--id", "evt_abc"], body).status).toBe(2);
  });
});
