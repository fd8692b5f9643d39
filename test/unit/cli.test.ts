// Pieces of the beacon-hub CLI that need no server: the identity file, the
// engram push plan (local validation and the diff with the server's engrams), and the
// client's error type for replies that are not the JSON error shape.
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { BeaconApiError, beaconApi, type EngramJson } from "@/lib/client/beacon-api";
import { newIdentity, publicKeyPem } from "@/lib/client/identity";
import { IdentityFileError, readIdentityFile, writeIdentityFile } from "@/lib/client/identity-file";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { uidOf } from "@/lib/engrams/derive";
import { planPush, validatePushRows } from "@/lib/engrams/push-plan";

const dir = mkdtempSync(join(tmpdir(), "beacon-cli-unit-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("identity file", () => {
  it("round-trips every scheme, mode 0600, and never overwrites without force", () => {
    for (const scheme of ["rsa-sha256", "rsa-sha1", "ed25519"] as const) {
      const path = join(dir, scheme, "nested", "identity.json");
      const identity = newIdentity(scheme);
      writeIdentityFile(path, identity);
      expect(statSync(path).mode & 0o777).toBe(0o600);
      const read = readIdentityFile(path);
      expect(read.userId).toBe(identity.userId);
      expect(read.scheme).toBe(scheme);
      expect(publicKeyPem(read)).toBe(publicKeyPem(identity));
      expect(() => writeIdentityFile(path, newIdentity(scheme))).toThrow(IdentityFileError);
      writeIdentityFile(path, newIdentity(scheme), { force: true });
      expect(readIdentityFile(path).userId).not.toBe(identity.userId);
    }
  });

  it("explains a missing or broken file", () => {
    expect(() => readIdentityFile(join(dir, "none.json"))).toThrow(/beacon-hub identity new/);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, JSON.stringify({ user_id: "nope", private_key: "x" }));
    expect(() => readIdentityFile(bad)).toThrow(/"user_id" \(a UUID\)/);
    expect(JSON.parse(readFileSync(bad, "utf8"))).toEqual({ user_id: "nope", private_key: "x" });
  });
});

const path = (name: string) => `/Game/Mods/Unit/${name}.${name}`;
const server = (name: string, extra: Partial<EngramJson> = {}): EngramJson => ({
  path: path(name),
  class: `${name}_C`,
  label: name,
  environments: ["Island"],
  can_blueprint: true,
  spawn: "",
  uid: uidOf(path(name)),
  resource_url: "",
  mod_id: 42,
  mod_name: "Unit",
  ...extra,
});

describe("engram push plan", () => {
  const csv = (rows: string[]) =>
    readEngramFile(["path,label,availability,can_blueprint,mod_id", ...rows].join("\n"), "csv");

  it("gives rows without mod_id to --mod and refuses rows of another mod, by line", () => {
    const { records, errors } = validatePushRows(
      csv([`${path("A")},A,Island,,`, `${path("B")},B,Island,,43`, `${path("C")},,Moon,,`]),
      "42",
    );
    expect(records.map((r) => r.modId)).toEqual(["42"]);
    expect(errors).toEqual([
      { row: 3, message: "mod_id: 43 differs from --mod 42" },
      { row: 4, message: "label: is required (a non-empty string)" },
      {
        row: 4,
        message: 'availability: unknown environment "Moon"; allowed: Island, Scorched, Center, Ragnarok, Abberation',
      },
    ]);
  });

  it("takes a file of both kinds as the dashboard does: rows naming kind creature are the mod's creatures", () => {
    const rows = readEngramFile(
      [
        "kind,path,label,availability,can_blueprint",
        `engram,${path("Pick")},Pick,Island,true`,
        `,${path("Axe")},Axe,Island,`,
        `creature,${path("Rex")},Rex,Island,`,
      ].join("\n"),
      "csv",
    );
    const { records, byKind, errors } = validatePushRows(rows, "42");
    expect(errors).toEqual([]);
    expect(records.map((r) => r.label)).toEqual(["Pick", "Axe"]);
    expect(byKind.creatures.map((r) => r.label)).toEqual(["Rex"]);
    expect(validatePushRows(rows, "42", "creatures").byKind.engrams.map((r) => r.label)).toEqual(["Pick"]);
  });

  it("sends only new and changed engrams and lists the server's engrams missing from the file", () => {
    const { records } = validatePushRows(
      csv([
        `${path("Same")},Same,Island,,`,
        `${path("Relabel")},New label,Island,true,42`,
        `${path("Envs")},Envs,"Island,Center",true,`,
        `${path("New")},New,Scorched,false,`,
      ]),
      "42",
    );
    const plan = planPush(records, [
      server("Same", { can_blueprint: false }),
      server("Relabel"),
      server("Envs"),
      server("Gone"),
    ]);
    expect(plan).toMatchObject({ added: 1, updated: 2, unchanged: 1, missing: [uidOf(path("Gone"))] });
    expect(plan.send.map((e) => e.label)).toEqual(["New label", "Envs", "New"]);
    expect(plan.send[1]).toEqual({
      path: path("Envs"),
      label: "Envs",
      mod_id: "42",
      environments: ["Island", "Center"],
      can_blueprint: true,
    });
    // can_blueprint left out keeps the stored value: "Same" is unchanged though stored false.
    expect(plan.send.find((e) => e.label === "Same")).toBeUndefined();
  });
});

describe("typed client errors", () => {
  it("carries status, message and details; a reply without the error shape still says what happened", async () => {
    const srv = http.createServer((req, res) => {
      if (req.url === "/v1/mod.php")
        res
          .writeHead(409, { "content-type": "application/json" })
          .end(JSON.stringify({ message: "Taken.", details: { mod_id: "1" } }));
      else res.writeHead(502, { "content-type": "text/html" }).end("<html>Bad Gateway</html>");
    });
    await new Promise<void>((r) => srv.listen(0, "127.0.0.1", r));
    const client = beaconApi({
      serverUrl: `http://127.0.0.1:${(srv.address() as AddressInfo).port}`,
      identity: newIdentity("ed25519"),
    });
    try {
      const conflict = await client.mods.add("1").catch((e: unknown) => e);
      expect(conflict).toBeInstanceOf(BeaconApiError);
      expect(conflict).toMatchObject({
        status: 409,
        message: "Taken.",
        details: { mod_id: "1" },
        request: "POST /v1/mod.php",
      });
      await expect(client.engrams.list()).rejects.toMatchObject({
        status: 502,
        message: "HTTP 502: <html>Bad Gateway</html>",
        details: null,
      });
    } finally {
      srv.close();
    }
  });
});
