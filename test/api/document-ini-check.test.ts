// The ini doctor on a document's page (docs/INI-DOCTOR.md, "On documents"): the files a
// document exports are checked for its game as a server reads them. Default Loot's Game.ini
// has nothing to fix; a settings document with a value past its range and a deprecated key
// shows both findings with their lines; the crash-risk document's warning is not said twice
// (its page shows it from the loot); the settings editor's page shows the same findings. Both engines.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { api, registeredUser } from "../support/api";
import { crashRiskContent } from "../support/crash-risk-loot";

const engine = inject("engine");
const defaultText = readFileSync(join(__dirname, "../../lib/loot/templates/default-loot.beacon"), "utf8");

const page = async (path: string) => {
  const res = await fetch(`${inject("serverUrl")}${path}`, { headers: { "Accept-Language": "en" } });
  expect(res.status, path).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
};
const findings = (html: string) => [...html.matchAll(/data-finding="([a-z-]+)"/g)].map((m) => m[1]);

async function publish(who: Identity, content: string) {
  const res = await api(who).request("POST", "/v1/document.php", { body: content, contentType: "application/json" });
  expect(res.status, res.text()).toBe(200);
}

describe(`the ini doctor on a document's page on ${engine}`, () => {
  const defaultId = randomUUID();
  const settingsId = randomUUID();
  const crashId = randomUUID();
  beforeAll(async () => {
    const who = await registeredUser();
    await publish(who, defaultText.replace(/"Identifier":\s*"[^"]+"/i, `"Identifier": "${defaultId}"`));
    await publish(who, JSON.stringify(crashRiskContent(crashId)));
    await publish(
      who,
      JSON.stringify({
        Identifier: settingsId,
        Title: "Settings with two problems",
        Version: 2,
        HubGame: "ASE",
        HubConfigSettings: [
          {
            File: "Game.ini",
            Section: "/script/shootergame.shootergamemode",
            Key: "MatingIntervalMultiplier",
            Value: "0.5",
          },
          {
            File: "Game.ini",
            Section: "/script/shootergame.shootergamemode",
            Key: "SupplyCrateLootQualityMultiplier",
            Value: "9",
          },
          { File: "GameUserSettings.ini", Section: "ServerSettings", Key: "AllowDeprecatedStructures", Value: "True" },
        ],
      }),
    );
  });

  it("Default Loot's Game.ini has nothing to fix", async () => {
    const html = await page(`/documents/${defaultId}`);
    expect(html).toContain("The ini doctor finds nothing to fix in the Game.ini this document exports.");
    expect(findings(html)).toEqual([]);
  });

  it("a settings document's out-of-range value and deprecated key, each with its file and line", async () => {
    const html = await page(`/documents/${settingsId}`);
    expect(findings(html).sort()).toEqual(["deprecated", "out-of-range"]);
    expect(html).toContain("in the Game.ini and GameUserSettings.ini this document exports");
    expect(html).toMatch(/Warning<\/span> · Game\.ini · line \d+ · SupplyCrateLootQualityMultiplier: /);
    expect(html).toMatch(/Warning<\/span> · GameUserSettings\.ini · line \d+ · AllowDeprecatedStructures: /);
  });

  it("the settings editor's page shows the same findings", async () => {
    const html = await page(`/documents/${settingsId}/settings`);
    expect(findings(html).sort()).toEqual(["deprecated", "out-of-range"]);
  });

  it("the crash risk is said once, by the page's loot warnings", async () => {
    const html = await page(`/documents/${crashId}`);
    expect(html).toContain('data-testid="loot-warnings"');
    expect(findings(html)).toEqual([]);
    expect(html).toContain("The ini doctor finds nothing to fix in the Game.ini this document exports.");
  });
});
