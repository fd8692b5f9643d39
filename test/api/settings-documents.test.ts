// Server settings in documents over real HTTP (docs/SERVER-CONFIG.md), on each engine: a
// new document from the fixture pair (test/fixtures/server-config: ~100 keys across more
// than 20 groups, comments, odd spacing, CRLF, a duplicate, an unknown key, passwords)
// through the portal's action; both files exported and merged back into the originals
// (every setting survives, untouched lines byte-identical); the passwords in neither the
// document nor any revision; a group saved, stale and bad forms refused with nothing
// changed, a stranger refused; ASA offers only its keys and says what it left out; a
// 2017 loot-only document is what it always was.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { readRevision } from "@/lib/documents/revisions/revision-store";
import { importIni, type ConfigSetting } from "@/lib/server-config/import-ini";
import { parseIni } from "@/lib/server-config/ini";
import { mergeIni } from "@/lib/server-config/merge";
import { allOptions, type IniFile } from "@/lib/server-config/options";
import { editorGroups, fieldName } from "@/lib/server-config/settings-editor";
import { api, registeredUser, testDb } from "../support/api";
import { callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";
import { ROOT } from "../support/test-server";

const FILES: Record<IniFile, string> = {
  "Game.ini": readFileSync(join(ROOT, "test/fixtures/server-config/Game.ini"), "utf8"),
  "GameUserSettings.ini": readFileSync(join(ROOT, "test/fixtures/server-config/GameUserSettings.ini"), "utf8"),
};
const SECRETS = ["hunter2-fixture", "adminsecret-fixture"];
const ROUTE: Record<IniFile, string> = { "Game.ini": "game.ini", "GameUserSettings.ini": "gameusersettings.ini" };
const base = () => inject("serverUrl");
const action = (name: string) => serverAction("app/documents/[id]/settings/settings-actions.ts", name);
const key = (s: ConfigSetting) => `${s.file}|${s.section.toLowerCase()}|${s.key}=${s.value}`;
const optionNamed = (k: string) => allOptions().find((o) => o.key === k && o.file !== "dynamicconfig.ini")!;

async function newSettingsDocument(who: Identity, cookie: string, game = "ase"): Promise<string> {
  const made = await callFormAction(
    action("newSettingsDocumentAction"),
    { title: "Fixture server", game, game_ini: FILES["Game.ini"], gus_ini: FILES["GameUserSettings.ini"] },
    { cookie, page: "/documents/new/settings" },
  );
  const to = /^\/documents\/([0-9a-f-]{36})\/settings\?created=(\d+)&secrets=(\d+)&custom=(\d+)(;|$)/.exec(
    made.redirect ?? "",
  );
  expect(to, `${made.status} ${made.body.slice(-500)}`).not.toBeNull();
  expect(Number(to![3])).toBe(2);
  return to![1]!;
}

describe("server settings documents", () => {
  it("import, export and merge of both files keep every setting and untouched line; no password is stored", async () => {
    const owner = await registeredUser();
    const cookie = await sessionCookie(owner);
    const id = await newSettingsDocument(owner, cookie);
    const imported = importIni(FILES);
    expect(imported.settings.length).toBeGreaterThanOrEqual(80);

    // The document (the v1 download's bytes) and every revision: settings, no secret.
    const download = await api().request("GET", `/v1/document.php/${id}`);
    expect(download.status).toBe(200);
    const content = download.json<{ HubGame: string; HubConfigSettings: { Key: string }[] }>();
    expect(content.HubGame).toBe("ASE");
    expect(content.HubConfigSettings).toHaveLength(imported.settings.length);
    const revisions = await testDb().documentRevision.findMany({
      where: { documentId: id },
      select: { revision: true },
    });
    expect(revisions.length).toBeGreaterThan(0);
    for (const text of [
      download.text(),
      ...(await Promise.all(
        revisions.map(async (r) => (await readRevision(testDb(), id, r.revision))!.bytes.toString()),
      )),
    ]) {
      for (const secret of SECRETS) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/Password/i);
    }

    // Export: each file gives back every setting it had.
    for (const file of ["Game.ini", "GameUserSettings.ini"] as const) {
      const res = await fetch(`${base()}/documents/${id}/${ROUTE[file]}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/plain; charset=utf-8");
      const back = importIni({ [file]: await res.text() });
      expect(back.settings.map(key).sort()).toEqual(
        imported.settings
          .filter((s) => s.file === file)
          .map(key)
          .sort(),
      );
    }

    // Merge into the originals: exactly the library's merge; untouched lines byte for byte,
    // the admin's own passwords stay in the admin's file.
    for (const file of ["Game.ini", "GameUserSettings.ini"] as const) {
      const res = await fetch(`${base()}/documents/${id}/${ROUTE[file]}`, {
        method: "POST",
        headers: { "content-type": "text/plain; charset=utf-8" },
        body: FILES[file],
      });
      expect(res.status).toBe(200);
      const merged = await res.text();
      const mine = imported.settings.filter((s) => s.file === file);
      expect(merged).toBe(mergeIni(FILES[file], mine));
      const set = new Set(mine.map((s) => s.key.toLowerCase()));
      const untouched = parseIni(FILES[file]).filter((l) => l.kind !== "setting" || !set.has(l.key!.toLowerCase()));
      const kept = parseIni(merged).filter((l) => l.kind !== "setting" || !set.has(l.key!.toLowerCase()));
      expect(kept.map((l) => l.text + l.end)).toEqual(untouched.map((l) => l.text + l.end));
      if (file === "GameUserSettings.ini") expect(merged).toContain("ServerPassword=hunter2-fixture\r\n");
    }
  });

  it("saves a group's change as a revision; a stale or bad form, a stranger and a visitor change nothing", async () => {
    const owner = await registeredUser();
    const cookie = await sessionCookie(owner);
    const id = await newSettingsDocument(owner, cookie);
    const page = `/documents/${id}/settings`;
    const breeding = editorGroups("ase").find((g) => g.id === "breeding")!;
    const cuddle = fieldName(optionNamed("BabyCuddleIntervalMultiplier"));
    const revision = async () =>
      (await testDb().document.findUniqueOrThrow({ where: { id }, select: { revision: true } })).revision;
    const save = (fields: Record<string, string>, withCookie?: string) =>
      callFormAction(
        action("saveSettingsGroupAction"),
        { document_id: id, group: breeding.id, ...fields },
        { cookie: withCookie, page },
      );

    const first = await revision();
    const saved = await save({ revision: String(first), [cuddle]: "0.025" }, cookie);
    expect(saved.body).toContain(`Saved revision ${first + 1} (1 changed).`);
    const ini = await (await fetch(`${base()}/documents/${id}/game.ini`)).text();
    const section = ini.slice(ini.toLowerCase().indexOf("[/script/shootergame.shootergamemode]"));
    expect(section.split("\n").filter((l) => /^BabyCuddleIntervalMultiplier=/i.test(l))).toEqual([
      expect.stringMatching(/=0\.025$/),
    ]);
    // The page marks it changed and shows the default.
    const html = await (await fetch(`${base()}${page}?group=breeding`, { headers: { cookie } })).text();
    expect(html).toContain('data-testid="changed"');
    expect(html).toContain(">Save breeding and imprinting</button>");

    // Stale (rendered from the revision before), a bad value, a stranger, a visitor: no new revision.
    const stale = await save({ revision: String(first), [cuddle]: "0.5" }, cookie);
    expect(stale.body).toContain("The document changed since this page was opened");
    const bad = await save({ revision: String(first + 1), [cuddle]: "soon" }, cookie);
    expect(bad.body).toContain("BabyCuddleIntervalMultiplier must be a number.");
    const stranger = await registeredUser();
    const refused = await save({ revision: String(first + 1), [cuddle]: "0.5" }, await sessionCookie(stranger));
    expect(refused.body).toContain("Documents published by another user cannot be changed.");
    const visitor = await save({ revision: String(first + 1), [cuddle]: "0.5" });
    expect(visitor.body).not.toContain("Saved revision");
    expect(await revision()).toBe(first + 1);
    // Nobody but the author sees a form that sends.
    const strangerPage = await (await fetch(`${base()}${page}?group=breeding`)).text();
    expect(strangerPage).toContain("Only the document&#x27;s author changes its settings.");
    expect(strangerPage).not.toContain(">Save breeding and imprinting</button>");
    expect(strangerPage).toMatch(new RegExp(`id="settings-${cuddle}"[^>]*disabled=""`));
  });

  it("an ASA document offers only keys the table gives ASA and says which ASE keys it left out", async () => {
    const owner = await registeredUser();
    const cookie = await sessionCookie(owner);
    const id = await newSettingsDocument(owner, cookie, "asa");
    const aseOnly = optionNamed("SupplyCrateLootQualityMultiplier");
    expect(aseOnly.game).toBe("ase");
    const html = await (
      await fetch(`${base()}/documents/${id}/settings?group=${aseOnly.group}`, { headers: { cookie } })
    ).text();
    expect(html).toContain("ARK: Survival Ascended");
    expect(html).toContain('data-testid="left-out"');
    expect(html).not.toContain(`id="${fieldName(aseOnly)}"`);
    const both = optionNamed("MatingIntervalMultiplier");
    const breeding = await (
      await fetch(`${base()}/documents/${id}/settings?group=breeding`, { headers: { cookie } })
    ).text();
    expect(breeding).toContain(`id="${fieldName(both)}"`);
    // The fixture's ASE-only keys are kept and listed, never dropped.
    const content = (await api().request("GET", `/v1/document.php/${id}`)).json<{ HubGame: string }>();
    expect(content.HubGame).toBe("ASA");
    // Every group renders for the author and for a visitor.
    for (const g of editorGroups("asa")) {
      const res = await fetch(`${base()}/documents/${id}/settings?group=${g.id}`);
      expect(res.status, g.id).toBe(200);
    }
  });

  it("a 2017 loot-only document publishes, downloads and exports as before, and has no settings", async () => {
    const owner = await registeredUser();
    const id = randomUUID();
    // Default Loot.beacon byte for byte but for a fresh Identifier (each run publishes its own).
    const text = readFileSync(join(ROOT, "lib/loot/templates/default-loot.beacon"), "utf8").replace(
      "6B5E3917-039C-4F35-99A6-58BE28BB9760",
      id.toUpperCase(),
    );
    expect(text).toContain(id.toUpperCase());
    const res = await api(owner).request("POST", "/v1/document.php", { body: text, contentType: "application/json" });
    expect(res.status).toBe(200);
    const download = await api().request("GET", `/v1/document.php/${id}`);
    expect(download.text()).toBe(text);
    expect((await fetch(`${base()}/documents/${id}/gameusersettings.ini`)).status).toBe(422);
    const page = await (await fetch(`${base()}/documents/${id}/settings`)).text();
    expect(page.replace(/<!-- -->/g, "")).toContain("revision 1 · 0 settings");
  });
});
