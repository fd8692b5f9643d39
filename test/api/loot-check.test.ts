// Loot warnings over real HTTP and the real CLI (docs/LOOT.md#warnings): `?check` on a
// published document answers its warnings, the crash-risk document (20 entries of 200 units
// in one set) has the crash warning and Default Loot has none; `docs check` prints the same
// for a document id or a local file and exits 1 on a crash risk; the v1 replies are unchanged.
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import type { DocumentCheckJson } from "@/lib/documents/document-check";
import { api, expectJsonError, registeredUser } from "../support/api";
import { runCli } from "../support/cli";
import { crashRiskContent } from "../support/crash-risk-loot";

const dir = mkdtempSync(join(tmpdir(), "beacon-check-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const defaultLoot = readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8");

async function publish(who: Identity, text: string) {
  const res = await api(who).request("POST", "/v1/document.php", { body: text, contentType: "application/json" });
  expect(res.status, res.text()).toBe(200);
}

const check = async (id: string) => {
  const res = await api().request("GET", `/v1/document.php/${id}?check`);
  expect(res.status, res.text()).toBe(200);
  return res.json<DocumentCheckJson>();
};

describe("document checks", () => {
  const crashId = randomUUID();
  const defaultId = randomUUID();
  const otherId = randomUUID();
  beforeAll(async () => {
    const who = await registeredUser();
    await publish(who, JSON.stringify(crashRiskContent(crashId)));
    await publish(who, defaultLoot.replace(/"Identifier":\s*"[^"]+"/i, `"Identifier": "${defaultId}"`));
    await publish(who, JSON.stringify({ Identifier: otherId, Title: "Not loot", Settings: { a: 1 } }));
  });

  it("?check answers the crash risk of 20 entries of 200 units, and nothing for Default Loot", async () => {
    const crash = await check(crashId);
    expect(crash).toMatchObject({ document_id: crashId, loot: true });
    expect(crash.warnings).toHaveLength(1);
    expect(crash.warnings[0]).toMatchObject({ kind: "crash-risk", severity: "crash", source: 0 });
    expect(crash.warnings[0]!.message).toContain("4,000 items");
    expect(await check(defaultId)).toEqual({ document_id: defaultId, loot: true, warnings: [] });
    expect(await check(otherId)).toEqual({ document_id: otherId, loot: false, warnings: [] });
  });

  it("?check is 404 for an unknown document and 400 on several ids; v1 replies carry no warnings", async () => {
    expectJsonError(await api().request("GET", `/v1/document.php/${randomUUID()}?check`), 404);
    expectJsonError(await api().request("GET", `/v1/document.php/${crashId},${defaultId}?check`), 400);
    const meta = (await api().request("GET", `/v1/document.php/${crashId}?simple`)).json<Record<string, unknown>>();
    expect(meta).not.toHaveProperty("warnings");
    const download = await api().request("GET", `/v1/document.php/${crashId}`);
    expect(JSON.parse(download.text())).toEqual(crashRiskContent(crashId));
  });

  it("docs check prints the crash risk and exits 1; Default Loot exits 0 with no warnings", async () => {
    const crash = await runCli(["docs", "check", crashId]);
    expect(crash.code, crash.stderr).toBe(1);
    expect(crash.stdout).toContain("CRASH RISK");
    expect(crash.stdout).toContain("4,000 items");
    const fine = await runCli(["docs", "check", defaultId]);
    expect(fine.code, fine.stderr).toBe(0);
    expect(fine.stdout).toBe(`${defaultId}: no warnings\n`);
    const json = await runCli(["docs", "check", crashId, "--json"]);
    expect(JSON.parse(json.stdout)).toEqual(await check(crashId));
  }, 180_000); // each CLI run starts tsx: seconds apiece on a loaded machine

  it("docs check reads a local file without the server", async () => {
    const file = join(dir, "crash.beacon");
    writeFileSync(file, JSON.stringify(crashRiskContent(crashId)));
    const res = await runCli(["docs", "check", file], { BEACON_SERVER: "http://127.0.0.1:9" });
    expect(res.code, res.stderr).toBe(1);
    expect(res.stdout).toContain("CRASH RISK");
    const missing = await runCli(["docs", "check", join(dir, "none.beacon")]);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain("cannot read");
  }, 180_000);
});
