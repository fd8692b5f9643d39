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
    // the fixture's 16, and its crash-risk line's stone, which the test server's catalogue lacks
    expect(body.findings).toHaveLength(17);
    expect(body.findings.filter((f) => f.code === "loot-unknown-items").map((f) => f.line)).toEqual([7]);
    expect(body.errors).toBe(9);
    expect(body.findings[0]).toMatchObject({ code: "wrong-place", file: "Game.ini", line: 3 });
    expect(body.fixed.launch_options).toEqual(["-ActiveEvent=Summer"]);
    expect(body.fixed.files["GameUserSettings.ini"]).not.toContain("SeverSettings");
    expect(res.text()).not.toContain('hunter2"');
    expect(JSON.stringify(body.findings)).not.toContain("hunter2");
  });

  it("looks a loot line's items up in the catalogue: an unknown one is named", async () => {
    const gameIni =
      '[/script/shootergame.shootergamemode]\nConfigOverrideSupplyCrateItems=(SupplyCrateClassString="SupplyCrate_Level03_C",MinItemSets=1,MaxItemSets=1,NumItemSetsPower=1,bSetsRandomWithoutReplacement=true,ItemSets=((SetName="One",MinNumItems=1,MaxNumItems=1,NumItemsPower=1,SetWeight=1,bItemsRandomWithoutReplacement=true,ItemEntries=((EntryWeight=1,ItemClassStrings=("PrimalItem_NoSuchThingAnywhere_C"),ItemsWeights=(1),MinQuantity=1,MaxQuantity=1,MinQuality=0,MaxQuality=0,bForceBlueprint=false,ChanceToBeBlueprintOverride=0)))))\n';
    const res = await check({ game: "ase", files: { "Game.ini": gameIni } });
    expect(res.status, res.text()).toBe(200);
    const body = res.json<{ findings: { code: string; line: number; message: string }[] }>();
    expect(body.findings).toEqual([
      expect.objectContaining({
        code: "loot-unknown-items",
        line: 2,
        message: "An item this line names is not in Beacon Hub's catalogue: PrimalItem_NoSuchThingAnywhere_C.",
      }),
    ]);
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
