// How far a suspension reaches (docs/API.md, "What moderation changes in the v1 replies"):
// a suspended author confirms no mod over GET, their mod's scheduled pull writes nothing
// and the web Report form takes no report from them; a suspended moderator moderates
// nothing, itself included; and no one suspends their peers or betters. Each case first
// shows the write working for an account in good standing, so a refusal can only mean the
// rule held. Both engines.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { Identity } from "@/lib/client/identity";
import { hideDocument, reinstateUser, suspendUser } from "@/lib/moderation/actions";
import type { Actor } from "@/lib/moderation/audit";
import { grantRole } from "@/lib/moderation/roles";
import { SUSPENDED_SESSION_MESSAGE } from "@/lib/moderation/suspension";
import { reconcileSchedules } from "@/lib/pull/pull-state";
import { runPull } from "@/lib/pull/run-pull";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";
import { callFormAction, serverAction, sessionCookie } from "../support/dashboard-session";
import { confirmedMod, confirmMod, getMod, registeredMod } from "../support/mods";
import { steamItem } from "../support/steam";

const CONSOLE: Actor = { kind: "console" };

async function withRole(role: "moderator" | "operator"): Promise<{ identity: Identity; actor: Actor }> {
  const identity = await registeredUser("ed25519");
  await grantRole(testDb(), { userId: identity.userId, role, actor: CONSOLE });
  return { identity, actor: { kind: "user", userId: identity.userId } };
}

async function publish(who: Identity): Promise<string> {
  const id = randomUUID();
  const res = await api(who).request("POST", "/v1/document.php", {
    body: { Identifier: id, Title: `Suspension reach ${id.slice(0, 8)}`, Description: "", Version: 1 },
  });
  expect(res.status, res.text()).toBe(200);
  return id;
}

describe("a suspended author", () => {
  it("confirms no mod over GET: 403, still unconfirmed; confirmed once reinstated", async () => {
    const author = await registeredUser("ed25519");
    const id = await registeredMod(author);
    const code = (await getMod(author, id)).confirmation_code;
    await steamItem({ publishedfileid: id, description: code });
    await suspendUser(testDb(), { actor: CONSOLE, userId: author.userId, reason: "test: suspended" });
    expectJsonError(await confirmMod(author, id), 403);
    expect((await getMod(author, id)).confirmed).toBe(false);
    await reinstateUser(testDb(), { actor: CONSOLE, userId: author.userId, reason: "test: reinstated" });
    expect((await confirmMod(author, id)).json()).toMatchObject({ mod_id: id, confirmed: true });
  });

  it("has their mod's scheduled pull write nothing, saying why", async () => {
    const author = await registeredUser("ed25519");
    const id = await confirmedMod(author);
    // Never fetched: the owner's suspension is checked first (a fetch would fail loudly here).
    await testDb().modRegistration.update({
      where: { confirmedModId: id },
      data: { pullUrl: "http://127.0.0.1:9/engrams.csv" },
    });
    await reconcileSchedules(testDb());
    await suspendUser(testDb(), { actor: CONSOLE, userId: author.userId, reason: "test: suspended" });
    const outcome = await runPull(testDb(), id, { instanceId: "suspension-test", intervalSeconds: 3600, force: true });
    expect(outcome).toMatchObject({ status: "error", added: 0, updated: 0, removed: 0 });
    expect(outcome!.message).toContain("suspended");
    const pull = await testDb().modPull.findUniqueOrThrow({ where: { modId: id } });
    expect([pull.status, pull.added]).toEqual(["error", 0]);
    expect(pull.message).toContain("suspended");
  });

  it("files no report through the web form; a reporter in good standing does", async () => {
    // RSA: the session's challenge is signed with SHA-256 (test/support/dashboard-session.ts).
    const [author, reporter] = [await registeredUser("ed25519"), await registeredUser()];
    const documentId = await publish(author);
    const action = serverAction("app/report/actions.ts", "submitReportAction");
    const fields = { target_kind: "document", target_id: documentId, reason: "spam", text: "" };
    const page = `/report/document/${documentId}`;
    const reports = () => testDb().report.count({ where: { targetId: documentId } });
    const ok = await callFormAction(action, fields, { cookie: await sessionCookie(reporter), page });
    expect(ok.body).toContain("your report is with the moderators");
    expect(await reports()).toBe(1);
    await suspendUser(testDb(), { actor: CONSOLE, userId: reporter.userId, reason: "test: suspended" });
    const refused = await callFormAction(action, fields, { cookie: await sessionCookie(reporter), page });
    expect(refused.body).toContain(SUSPENDED_SESSION_MESSAGE);
    expect(await reports()).toBe(1);
  });
});

describe("moderators", () => {
  it("a suspended moderator moderates nothing and cannot reinstate itself", async () => {
    const author = await registeredUser("ed25519");
    const documentId = await publish(author);
    const mod = await withRole("moderator");
    await suspendUser(testDb(), { actor: CONSOLE, userId: mod.identity.userId, reason: "test: suspended" });
    await expect(hideDocument(testDb(), { actor: mod.actor, documentId, reason: "Spam" })).rejects.toMatchObject({
      status: 404,
    });
    await expect(
      reinstateUser(testDb(), { actor: mod.actor, userId: mod.identity.userId, reason: "Myself" }),
    ).rejects.toMatchObject({ status: 404 });
    expect((await testDb().document.findUniqueOrThrow({ where: { id: documentId } })).hiddenAt).toBeNull();
    expect((await testDb().user.findUniqueOrThrow({ where: { id: mod.identity.userId } })).suspendedAt).not.toBeNull();
  });

  it("suspend only those of a lower role: a moderator neither an operator nor another moderator; an operator a moderator", async () => {
    const [mod, otherMod, operator] = [
      await withRole("moderator"),
      await withRole("moderator"),
      await withRole("operator"),
    ];
    const plain = await registeredUser("ed25519");
    for (const target of [operator, otherMod, mod])
      await expect(
        suspendUser(testDb(), { actor: mod.actor, userId: target.identity.userId, reason: "Coup" }),
      ).rejects.toMatchObject({ status: 403 });
    const suspended = await testDb().user.count({
      where: { id: { in: [operator, otherMod, mod].map((t) => t.identity.userId) }, suspendedAt: { not: null } },
    });
    expect(suspended).toBe(0);
    await suspendUser(testDb(), { actor: mod.actor, userId: plain.userId, reason: "Spam" });
    await suspendUser(testDb(), { actor: operator.actor, userId: otherMod.identity.userId, reason: "Abuse" });
    const now = await testDb().user.findMany({
      where: { id: { in: [plain.userId, otherMod.identity.userId] } },
      select: { suspendedAt: true },
    });
    expect(now.every((u) => u.suspendedAt !== null)).toBe(true);
  });
});
