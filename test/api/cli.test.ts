// The beacon-hub CLI end to end: a mod author goes from nothing to a
// confirmed mod with engrams and published documents using only the CLI (the journey in
// support/cli-journey.ts, which cli-package.test.ts runs on the installed package), against the
// running test server and the fake Steam Web API; --help on every command; exit codes
// 0 ok, 1 failure or API error (with the server's message), 2 bad usage.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { afterAll, describe, expect, inject, it } from "vitest";
import { writeIdentityFile } from "@/lib/client/identity-file";
import { commands } from "@/lib/cli/commands";
import { main } from "@/lib/cli/main";
import { createToken } from "@/lib/keys/tokens";
import { registeredUser, testDb } from "../support/api";
import { runCli } from "../support/cli";
import { engramCsv, modAuthorJourney, ok } from "../support/cli-journey";
import { confirmedMod } from "../support/mods";
import { newWorkshopId } from "../support/steam";

const dir = mkdtempSync(join(tmpdir(), "beacon-cli-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A fresh identity file path: each test is its own mod author. */
const author = () => ({ BEACON_IDENTITY: join(dir, `${randomUUID()}`, "identity.json") });

describe("beacon-hub CLI", () => {
  it("takes a mod author from nothing to a confirmed mod with engrams and published, exported and removed documents", async () => {
    await modAuthorJourney(runCli, dir);
  }, 180_000);

  it("checks the engram file locally first: every bad row by number, nothing sent, exit 1", async () => {
    const env = author();
    const file = join(dir, "bad.json");
    writeFileSync(
      file,
      JSON.stringify([
        { path: "/Game/A/B.B", label: "ok", environments: ["Island"] },
        { path: "nope", label: "", environments: ["Moon"] },
        { path: "/Game/A/C.C", label: "x", environments: "Center", mod_id: "42" },
      ]),
    );
    // No identity and no server call are needed to find these.
    const res = await runCli(["engrams", "push", file, "--mod", "7"], { ...env, BEACON_SERVER: "http://127.0.0.1:9" });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/row 2: path: /);
    expect(res.stderr).toMatch(/row 2: label: /);
    expect(res.stderr).toMatch(/row 2: environments: unknown environment "Moon"/);
    expect(res.stderr).toContain("row 3: mod_id: 42 differs from --mod 7");
    expect(res.stderr).toContain("nothing was sent");
  });

  it("exits 1 with the server's message on an API error", async () => {
    const env = author();
    ok(await runCli(["identity", "new"], env));
    ok(await runCli(["user", "register"], env));
    const again = await runCli(["user", "register"], env);
    expect(again.code).toBe(1);
    expect(again.stderr).toBe("beacon-hub user register: A user with this id exists already. (HTTP 400)\n");

    const missing = newWorkshopId();
    const notFound = await runCli(["mods", "add", missing], env);
    expect(notFound.code).toBe(1);
    expect(notFound.stderr).toContain(`mod ${missing} is not in the game's Steam Workshop. (HTTP 404)`);

    const file = join(dir, "one.csv");
    writeFileSync(file, engramCsv(missing, [["Thing", "Thing", "Island", "true"]]));
    const denied = await runCli(["engrams", "push", file, "--mod", missing], env);
    expect(denied.code).toBe(1);
    expect(denied.stderr).toMatch(/\(HTTP 403\)\n$/);

    const noIdentity = await runCli(["mods", "list"], { BEACON_IDENTITY: join(dir, "none.json") });
    expect(noIdentity.code).toBe(1);
    expect(noIdentity.stderr).toContain('create one with "beacon-hub identity new"');
    const unreachable = await runCli(["docs", "ls", "--server", "http://127.0.0.1:9"]);
    expect(unreachable.code).toBe(1);
    expect(unreachable.stderr).toContain("cannot reach http://127.0.0.1:9");
  });

  it("signs with RSA SHA-1 and Ed25519 identities, and signs --base-url rather than --server", async () => {
    for (const scheme of ["rsa-sha1", "ed25519"]) {
      const env = author();
      ok(await runCli(["identity", "new", "--scheme", scheme], env));
      expect(ok(await runCli(["identity", "show", "--json"], env)).stdout).toContain(`"scheme": "${scheme}"`);
      ok(await runCli(["user", "register", "--hex"], env));
      expect(ok(await runCli(["mods", "list"], env)).stdout).toContain("no mods registered");
      const wrong = await runCli(["mods", "list", "--base-url", "https://beacon.example.com"], env);
      expect(wrong.code).toBe(1);
      expect(wrong.stderr).toContain("The signature does not match this request. (HTTP 401)");
      // The 401 says which two addresses differ and how to make them agree.
      const server = inject("serverUrl");
      expect(wrong.stderr).toContain(
        `The server checks signatures against its own address, ${server} (its BASE_URL), but this request was signed for https://beacon.example.com. Pass --base-url ${server}`,
      );
      // The same server reached under another name (its BASE_URL says 127.0.0.1).
      const other = server.replace("127.0.0.1", "localhost");
      const renamed = await runCli(["mods", "list", "--server", other], env);
      expect(renamed.code).toBe(1);
      expect(renamed.stderr).toContain(`but this request was signed for ${other}. Pass --base-url ${server}`);
    }
  }, 120_000);

  it("dry-runs a push without an identity: the diff only, nothing sent", async () => {
    const mod = newWorkshopId();
    const file = join(dir, `dry-${mod}.csv`);
    writeFileSync(file, engramCsv(mod, [["Dry", "Dry", "Island", "true"]]));
    const res = ok(
      await runCli(["engrams", "push", file, "--mod", mod, "--dry-run", "--json"], {
        BEACON_IDENTITY: join(dir, "none.json"),
      }),
    );
    expect(JSON.parse(res.stdout)).toMatchObject({ mod_id: mod, added: 1, updated: 0, removed: 0, dry_run: true });
    expect(JSON.parse(ok(await runCli(["engrams", "ls", "--mod", mod, "--json"])).stdout)).toEqual([]);
  });

  it("exits 2 on bad usage, with the command's usage line", async () => {
    const cases: [string[], string][] = [
      [["frobnicate"], 'unknown command "frobnicate"'],
      [["mods"], "usage: beacon-hub mods <command>"],
      [["mods", "add"], "usage: beacon-hub mods add <mod_id>"],
      [["mods", "add", "12x"], '"12x" is not a workshop id'],
      [["engrams", "push", "x.csv"], "--mod <mod_id> is required"],
      [["docs", "ls", "--sort", "name"], "--sort must be last_updated or download_count"],
      [["mods", "list", "--colour"], "Unknown option '--colour'"],
    ];
    for (const [args, message] of cases) {
      const res = await runCli(args, author());
      expect(res.code, args.join(" ")).toBe(2);
      expect(res.stderr, args.join(" ")).toContain(message);
    }
  }, 120_000);

  it("keys ls|add|rotate|revoke, and engrams push --token with the token from $BEACON_TOKEN only", async () => {
    // In-process (the bin's main()): a process per command would cost a second each.
    const cli = async (args: string[], env: Record<string, string>) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let out = "";
      let err = "";
      stdout.on("data", (d: Buffer) => (out += d.toString()));
      stderr.on("data", (d: Buffer) => (err += d.toString()));
      const code = await main(args, { stdout, stderr, env: { BEACON_SERVER: inject("serverUrl"), ...env } });
      return { code, out, err };
    };
    const owner = await registeredUser();
    const mod = await confirmedMod(owner);
    const home = join(dir, randomUUID());
    const first = { BEACON_IDENTITY: join(home, "identity.json") };
    writeIdentityFile(first.BEACON_IDENTITY, owner);
    const keys = async (env: Record<string, string>) =>
      JSON.parse((await cli(["keys", "ls", "--json"], env)).out) as {
        key_id: number;
        name: string;
        revoked_at: string | null;
      }[];
    const [original] = await keys(first);
    const laptop = { BEACON_IDENTITY: join(home, "laptop.json") };
    expect((await cli(["keys", "add", "--out", laptop.BEACON_IDENTITY, "--name", "laptop"], first)).out).toMatch(
      /^added key \d+ \(laptop\)/,
    );
    const rotated = { BEACON_IDENTITY: join(home, "rotated.json") };
    const rotate = await cli(["keys", "rotate", String(original!.key_id), "--out", rotated.BEACON_IDENTITY], laptop);
    expect(rotate.out).toContain(`key ${original!.key_id} revoked`);
    const listed = (await cli(["keys", "ls"], rotated)).out;
    expect(listed).toMatch(/laptop .* active/);
    expect(listed).toMatch(/revoked/);
    const laptopId = (await keys(rotated)).find((k) => k.name === "laptop")!.key_id;
    expect((await cli(["keys", "revoke", String(laptopId)], rotated)).out).toBe(`revoked key ${laptopId}\n`);
    const last = (await keys(rotated)).find((k) => k.revoked_at === null)!;
    const refused = await cli(["keys", "revoke", String(last.key_id)], rotated);
    expect([refused.code, refused.err]).toEqual([1, expect.stringContaining("last key of an account") as string]);
    expect((await cli(["keys", "ls"], first)).code).toBe(1); // the original key is revoked

    const { token } = await createToken(testDb(), owner.userId, {
      name: "release",
      scopes: ["engrams:write"],
      modIds: [mod],
      expiresInDays: 1,
    });
    const file = join(home, "engrams.csv");
    writeFileSync(file, engramCsv(mod, [["Token", "Token", "Island", "true"]]));
    const noIdentity = { BEACON_IDENTITY: join(home, "none.json") };
    const pushed = await cli(["engrams", "push", file, "--mod", mod, "--token", "--json"], {
      ...noIdentity,
      BEACON_TOKEN: token,
    });
    expect([pushed.code, JSON.parse(pushed.out || "{}")]).toMatchObject([0, { added: 1 }]);
    const sync = await cli(["engrams", "push", file, "--mod", mod, "--token", "--sync"], { BEACON_TOKEN: token });
    expect([sync.code, sync.err]).toEqual([2, expect.stringContaining("an API token may not delete") as string]);
    const unset = await cli(["engrams", "push", file, "--mod", mod, "--token"], noIdentity);
    expect([unset.code, unset.err]).toEqual([1, expect.stringContaining("$BEACON_TOKEN, which is not set") as string]);
    // The token is never an argument: one after --token is an unexpected argument (usage, exit 2).
    const asArgument = await cli(["engrams", "push", file, "--mod", mod, "--token", token], noIdentity);
    expect(asArgument.code).toBe(2);
    expect(asArgument.err).not.toContain(token);
  });

  it("--help reads for the tool, every group and every command (exit 0, usage line)", async () => {
    const top = ok(await runCli(["--help"]));
    for (const c of commands) expect(top.stdout).toContain(c.path.join(" "));
    // In-process for the rest: the same main() the bin runs, without 25 more processes.
    const run = async (args: string[]) => {
      const stdout = new PassThrough();
      const stderr = new PassThrough();
      let text = "";
      stdout.on("data", (d: Buffer) => (text += d.toString()));
      const code = await main(args, { stdout, stderr, env: {} });
      return { code, text };
    };
    for (const c of commands) {
      const res = await run([...c.path, "--help"]);
      expect(res.code, c.path.join(" ")).toBe(0);
      expect(res.text).toContain(`usage: beacon-hub ${c.path.join(" ")} ${c.usage}`.trimEnd());
      expect(res.text).toContain("Exit codes");
    }
    for (const group of new Set(commands.filter((c) => c.path.length > 1).map((c) => c.path[0]!))) {
      const res = await run([group, "--help"]);
      expect(res.code).toBe(0);
      expect(res.text).toContain(`usage: beacon-hub ${group} <command>`);
    }
  });
});
