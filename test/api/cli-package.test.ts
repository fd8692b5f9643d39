// The standalone beacon-hub-cli package as a user gets it: packed with
// `npm pack`, installed with `npm install --offline` into an empty folder outside the
// repository, and its node_modules/.bin/beacon-hub run as a real process through the
// same mod-author journey as the repository's CLI (support/cli-journey.ts).
// SQLite only: the package is a client of the v1 API, whose engine-specific behaviour
// cli.test.ts and the API tests already cover on both engines; installing and running
// twenty processes again on PostgreSQL would test nothing new.
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { packCliPackage } from "@/lib/cli/build-package";
import { authorCommands } from "@/lib/cli/commands/author";
import { installedCli, runCli, type RunCli } from "../support/cli";
import { modAuthorJourney, ok } from "../support/cli-journey";
import { ROOT } from "../support/test-server";

const dir = mkdtempSync(join(tmpdir(), "beacon-cli-package-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function npm(
  args: string[],
  cwd: string,
  env: Record<string, string>,
): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", args, { cwd, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d: Buffer) => (output += d.toString()));
    child.stderr.on("data", (d: Buffer) => (output += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}

describe.runIf(inject("engine") === "sqlite")("beacon-hub-cli installed from its tarball", () => {
  let tarball: string;
  let folder: string;
  let beaconHub: RunCli;
  /** npm install with nothing to fetch from: an empty cache and an unreachable registry */
  const offlineInstall = (spec: string, cwd: string) =>
    npm(["install", "--offline", "--no-audit", "--no-fund", "--cache", join(dir, "npm-cache"), spec], cwd, {
      npm_config_registry: "http://127.0.0.1:9/",
    });

  beforeAll(async () => {
    ({ tarball } = await packCliPackage(ROOT, join(dir, "dist")));
    folder = join(dir, "user");
    mkdirSync(folder);
    const installed = await offlineInstall(tarball, folder);
    if (installed.code !== 0) throw new Error(`npm install failed (${installed.code}): ${installed.output}`);
    beaconHub = installedCli(join(folder, "node_modules", ".bin", "beacon-hub"), folder);
  }, 60_000);

  it("is beacon-hub-cli-<version>.tgz and installs offline as one package with no dependencies", () => {
    const version = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { version: string }).version;
    expect(tarball.endsWith(`beacon-hub-cli-${version}.tgz`)).toBe(true);
    expect(
      readdirSync(join(folder, "node_modules"))
        .filter((n) => !n.startsWith("."))
        .sort(),
    ).toEqual(["beacon-hub-cli"]);
    const lock = JSON.parse(readFileSync(join(folder, "package-lock.json"), "utf8")) as {
      packages: Record<string, unknown>;
    };
    expect(Object.keys(lock.packages).sort()).toEqual(["", "node_modules/beacon-hub-cli"]);
    expect(readdirSync(join(folder, "node_modules", "beacon-hub-cli")).sort()).toEqual([
      "README.md",
      "THIRD-PARTY-NOTICES.md",
      "beacon-hub.js",
      "lib",
      "package.json",
    ]);
    // the option table docs from-ini reads, beside the bundle
    expect(existsSync(join(folder, "node_modules", "beacon-hub-cli", "lib/server-config/data/options.csv"))).toBe(true);
    expect(existsSync(join(folder, "node_modules", ".bin", "beacon-hub"))).toBe(true);
  });

  it("needed no registry: the same install of a package from one fails", async () => {
    const other = join(dir, "other");
    mkdirSync(other);
    const res = await offlineInstall("zod@4.6.7", other);
    expect(res.code).not.toBe(0);
    expect(res.output).toMatch(/ENOTCACHED|offline/i);
  });

  it("answers --help for the tool and for one command", async () => {
    const top = ok(await beaconHub(["--help"]));
    for (const c of authorCommands) expect(top.stdout).toContain(`  ${c.path.join(" ")} `);
    expect(top.stdout).toContain(
      "Operator commands (serve, migrate, pull, engrams import, db copy, db backup, db restore, grant, revoke, roles, audit) are not in this package",
    );
    const ini = ok(await beaconHub(["docs", "ini", "--help"]));
    expect(ini.stdout).toMatch(
      /^usage: beacon-hub docs ini <document_id> \[--file game\.ini\|gameusersettings\.ini\] \[--difficulty X\] \[--merge FILE\] \[--output FILE\]\n/,
    );
    expect(ini.stdout).toContain("Exit codes: 0 ok");
    const serve = await beaconHub(["serve"]);
    expect(serve.code).toBe(2);
    expect(serve.stderr).toContain('"serve" is an operator command');
  });

  it("takes a mod author through the whole journey", async () => {
    mkdirSync(join(dir, "journey"));
    await modAuthorJourney(beaconHub, join(dir, "journey"));
  }, 60_000);

  it("reports bad engram rows exactly as the repository's CLI does (the bundled validation)", async () => {
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify([
        { path: "/Game/A/B.B", label: "ok", environments: ["Island"] },
        { path: "nope", label: "", environments: ["Moon"], can_blueprint: "maybe" },
        { path: "/Game/A/C.C", label: "x", environments: "Center", mod_id: "42" },
      ]),
    );
    const args = ["engrams", "push", file, "--mod", "7"];
    const env = { BEACON_SERVER: "http://127.0.0.1:9", BEACON_IDENTITY: join(dir, "none.json") };
    const [installed, repo] = await Promise.all([beaconHub(args, env), runCli(args, env)]);
    expect(installed.code).toBe(1);
    expect(installed.stderr).toContain("row 2: path: ");
    expect(installed.stderr).toContain("row 3: mod_id: 42 differs from --mod 7");
    expect(installed.stderr.split("\n").length).toBeGreaterThan(4);
    expect(installed).toEqual(repo);
  });
});
