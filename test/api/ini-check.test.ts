// POST /v1/ini-check.php (docs/INI-DOCTOR.md) over HTTP on the built app: the findings of
// the fixture pair, the fixed files, 400 for bad input, 413 beyond the body limit; a
// secret's value never comes back. Both engines (it touches no database).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { INI_CHECK_MAX_BYTES } from "@/lib/ini-doctor/check-request";
import { api, expectJsonError } from "../support/api";

const dir = join(import.meta.dirname, "../fixtures/ini-doctor");
const files = {
  "Game.ini": readFileSync(join(dir, "Game.ini"), "utf8"),
  "GameUserSettings.ini": readFileSync(join(dir, "GameUserSettings.ini"), "utf8"),
};
const check = (body: unknown) => api().request("POST", "/v1/ini-check.php", { body });

describe("POST /v1/ini-check.php", () => {
  it("answers the findings of both files and, with fix, the fixed files", async () => {
    const res = await check({ game: "ase", files, fix: true });
    expect(res.status, res.text()).toBe(200);
    const body = res.json<{
      findings: { code: string; file: string; line: number }[];
      errors: number;
      fixed: { launch_options: string[]; applied: number; files: Record<string, string> };
    }>();
    expect(body.findings).toHaveLength(16);
    expect(body.errors).toBe(9);
    expect(body.findings[0]).toMatchObject({ code: "wrong-place", file: "Game.ini", line: 3 });
    expect(body.fixed.launch_options).toEqual(["-ActiveEvent=Summer"]);
    expect(body.fixed.files["GameUserSettings.ini"]).not.toContain("SeverSettings");
    expect(res.text()).not.toContain('hunter2"');
    expect(JSON.stringify(body.findings)).not.toContain("hunter2");
  });

  it("is a 400 naming the field for bad input", async () => {
    expectJsonError(await check({ game: "ark", files }), 400);
    const none = expectJsonError(await check({ files: {} }), 400);
    expect(none.message).toMatch(/files/);
    expectJsonError(await check({ files: { "Other.ini": "x=1" } }), 400);
  });

  it("refuses a body over its limit with a 413 that says the limit", async () => {
    const big = `[ServerSettings]\n${"XPMultiplier=2\n".repeat(Math.ceil(INI_CHECK_MAX_BYTES / 15) + 10)}`;
    const error = expectJsonError(await check({ files: { "GameUserSettings.ini": big } }), 413);
    expect(error.message).toContain(String(INI_CHECK_MAX_BYTES));
  });
});
