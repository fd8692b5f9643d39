// Moderation roles and the audit trail, both engines: roles are granted and revoked on
// the server only (npm run moderation, the CLI's grant/revoke), each change audited in
// its own transaction; the audit table refuses UPDATE and DELETE (and TRUNCATE on
// PostgreSQL) whoever asks, and is exported as JSON lines. The commands run in-process
// (lib/moderation/console-commands.ts, what the script runs), and once each through the
// script and the CLI as an operator types them.
import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, inject, it } from "vitest";
import { PassThrough } from "node:stream";
import { readAudit } from "@/lib/moderation/audit";
import { runModerationCommand } from "@/lib/moderation/console-commands";
import { roleOf } from "@/lib/moderation/roles";
import { registeredUser, testDb } from "../support/api";
import { runCli } from "../support/cli";
import { ROOT } from "../support/test-server";

const dir = mkdtempSync(join(tmpdir(), "beacon-moderation-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The commands of `npm run moderation -- ...`, in this process on the test database. */
async function moderation(args: string[]): Promise<Run> {
  const out = new PassThrough();
  const err = new PassThrough();
  let stdout = "";
  let stderr = "";
  out.on("data", (d: Buffer) => (stdout += d.toString()));
  err.on("data", (d: Buffer) => (stderr += d.toString()));
  let code: number;
  try {
    code = await runModerationCommand(args, { db: testDb(), prepare: async () => {}, out, err });
  } catch (e) {
    // as scripts/moderation.ts prints it
    stderr += `moderation: ${(e as Error).message}\n`;
    code = 1;
  }
  return { code, stdout, stderr };
}

/** `npm run moderation -- ...` as an operator types it (tsx on scripts/moderation.ts). */
function script(args: string[]): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", join(ROOT, "scripts/moderation.ts"), ...args], {
      cwd: ROOT,
      // vitest's own BASE_URL=/ (Vite's base) left out, as in an operator's shell.
      env: { ...process.env, DATABASE_URL: inject("databaseUrl"), BASE_URL: "" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

const entriesFor = (userId: string) => readAudit(testDb(), { limit: 100, target: { kind: "user", id: userId } });

describe("roles granted on the server", () => {
  it("grants, replaces and revokes a role through npm run moderation, each change audited once", async () => {
    const user = await registeredUser("ed25519");
    const granted = await script(["grant", user.userId.toUpperCase(), "moderator", "--reason", "trusted helper"]);
    expect(granted, granted.stderr).toMatchObject({ code: 0 });
    expect(granted.stdout).toBe(`${user.userId} now holds the moderator role\n`);
    expect(await roleOf(testDb(), user.userId)).toBe("moderator");

    // The same grant again changes nothing and is not audited a second time.
    const again = await moderation(["grant", user.userId, "moderator"]);
    expect(again.stdout).toBe(`${user.userId} holds the moderator role already; nothing changed\n`);

    expect((await moderation(["grant", user.userId, "operator"])).stdout).toBe(
      `${user.userId} now holds the operator role (was moderator)\n`,
    );
    expect(await roleOf(testDb(), user.userId)).toBe("operator");
    expect((await moderation(["revoke", user.userId])).stdout).toBe(
      `${user.userId} no longer holds the operator role\n`,
    );
    expect(await roleOf(testDb(), user.userId)).toBeNull();
    expect((await moderation(["revoke", user.userId])).stdout).toBe(`${user.userId} holds no role; nothing changed\n`);

    const entries = (await entriesFor(user.userId)).reverse();
    expect(entries.map((e) => [e.action, e.reason])).toEqual([
      ["grant", "moderator role: trusted helper"],
      ["grant", "operator role (was moderator)"],
      ["revoke", "operator role"],
    ]);
    for (const e of entries) {
      expect(e).toMatchObject({ actor_kind: "console", actor_id: null, target_kind: "user", target_id: user.userId });
      expect(e.target_label).toBe(`user ${user.userId.slice(0, 8)}`);
      expect(Date.now() - Date.parse(e.at)).toBeLessThan(120_000);
    }
  }, 60_000);

  it("refuses an unknown user (exit 1), a bad role or id (exit 2), and explains every command with --help", async () => {
    const missing = randomUUID();
    const unknown = await moderation(["grant", missing, "moderator"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toBe("moderation: No user has this id.\n");
    expect(await entriesFor(missing)).toEqual([]);

    const badRole = await moderation(["grant", missing, "admin"]);
    expect(badRole.code).toBe(2);
    expect(badRole.stderr).toContain("grant: the role must be moderator or operator");
    const badId = await moderation(["revoke", "someone"]);
    expect(badId.code).toBe(2);
    expect(badId.stderr).toContain("revoke: give the user id (a UUID)");
    expect((await moderation(["promote"])).code).toBe(2);

    for (const command of ["grant", "revoke", "roles", "audit"]) {
      const help = await moderation([command, "--help"]);
      expect(help.code).toBe(0);
      expect(help.stdout).toMatch(new RegExp(`^usage: npm run moderation -- ${command}`));
    }
    const top = await moderation(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toContain("grant <user_id> moderator|operator");
  }, 60_000);

  it("has the same commands in the CLI: beacon-hub grant (through the script), roles, revoke", async () => {
    const user = await registeredUser("ed25519");
    const env = { DATABASE_URL: inject("databaseUrl"), BASE_URL: "" };
    const granted = await runCli(["grant", user.userId, "moderator"], env);
    expect(granted.code, granted.stderr).toBe(0);
    expect(granted.stdout).toBe(`${user.userId} now holds the moderator role\n`);
    const listed = await moderation(["roles", "--json"]);
    expect(JSON.parse(listed.stdout)).toContainEqual(
      expect.objectContaining({ user_id: user.userId, role: "moderator" }),
    );
    expect((await moderation(["revoke", user.userId])).code).toBe(0);
    expect(await roleOf(testDb(), user.userId)).toBeNull();
    // (--help of every CLI command: test/api/cli.test.ts)
  }, 60_000);
});

describe("the audit trail", () => {
  it("refuses UPDATE and DELETE from any connection, so entries stay as written", async () => {
    const user = await registeredUser("ed25519");
    expect((await moderation(["grant", user.userId, "moderator"])).code).toBe(0);
    const [entry] = await entriesFor(user.userId);
    expect(entry).toBeDefined();
    const db = testDb();
    await expect(
      db.$executeRawUnsafe(`UPDATE "moderation_audit" SET "reason" = 'nothing happened' WHERE "id" = ${entry!.id}`),
    ).rejects.toThrow(/append-only/);
    await expect(db.$executeRawUnsafe(`DELETE FROM "moderation_audit" WHERE "id" = ${entry!.id}`)).rejects.toThrow(
      /append-only/,
    );
    await expect(db.$executeRawUnsafe(`DELETE FROM "moderation_audit"`)).rejects.toThrow(/append-only/);
    if (inject("engine") === "postgresql")
      await expect(db.$executeRawUnsafe(`TRUNCATE "moderation_audit"`)).rejects.toThrow(/append-only/);
    await expect(db.auditEntry.deleteMany({ where: { id: entry!.id } })).rejects.toThrow(/append-only/);
    expect(await entriesFor(user.userId)).toEqual([entry]);
  });

  it("exports every entry, oldest first, as JSON lines to a new file (never over an existing one)", async () => {
    const user = await registeredUser("ed25519");
    expect((await moderation(["grant", user.userId, "operator", "--reason", "export check"])).code).toBe(0);
    const file = join(dir, "audit.jsonl");
    const exported = await script(["audit", "--out", file]);
    expect(exported.code, exported.stderr).toBe(0);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines.at(-1)).toBe("");
    const entries = lines.slice(0, -1).map((l) => JSON.parse(l) as { id: number; target_id: string });
    expect(exported.stderr).toContain(`audit: ${entries.length} entries exported to ${file}`);
    const ids = entries.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    const mine = entries.filter((e) => e.target_id === user.userId);
    expect(mine).toEqual([
      {
        id: expect.any(Number),
        at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
        actor_kind: "console",
        actor_id: null,
        action: "grant",
        target_kind: "user",
        target_id: user.userId,
        target_label: `user ${user.userId.slice(0, 8)}`,
        reason: "operator role: export check",
      },
    ]);
    // To standard output, the same lines.
    const stdout = await moderation(["audit"]);
    expect(stdout.stdout.startsWith(lines.slice(0, -1).join("\n"))).toBe(true);

    writeFileSync(join(dir, "taken.jsonl"), "keep me");
    const refused = await moderation(["audit", "--out", join(dir, "taken.jsonl")]);
    expect(refused.code).toBe(1);
    expect(readFileSync(join(dir, "taken.jsonl"), "utf8")).toBe("keep me");
  }, 60_000);
});
