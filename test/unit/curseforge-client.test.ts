// The CurseForge client against the stand-in (test/support/fake-curseforge.ts), in process:
// the documented requests with the key, another game's project and an unknown id not
// found, the code looked for in the summary and description, and the address guard.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCurseForgeClient } from "@/lib/curseforge/curseforge-client";
import { startFakeCurseForge, type FakeCurseForge } from "../support/fake-curseforge";

let cf: FakeCurseForge;
const client = (over: Partial<Parameters<typeof createCurseForgeClient>[0]> = {}) =>
  createCurseForgeClient({ apiUrl: cf.url, apiKey: cf.key, gameId: 83374, allowPrivate: true, ...over });

beforeAll(async () => {
  cf = await startFakeCurseForge();
  await fetch(`${cf.url}/__mods`, {
    method: "POST",
    body: JSON.stringify({
      mods: [
        { id: 101, name: "Blades", summary: "code-in-summary", description: "<p>code-in-description</p>" },
        { id: 102, name: "Other game", gameId: 432 },
      ],
    }),
  });
});
afterAll(() => cf.close());

describe("CurseForge client", () => {
  it("finds an ASA project by id, its summary and (fresh) description together", async () => {
    const found = await client().getItems(["101", "102", "999"]);
    expect(found.get("101")).toMatchObject({ workshopId: "101", title: "Blades", description: "code-in-summary" });
    expect(found.get("102")).toBeNull();
    expect(found.get("999")).toBeNull();
    const fresh = await client().getItem("101", { fresh: true });
    expect(fresh.description).toContain("code-in-summary");
    expect(fresh.description).toContain("<p>code-in-description</p>");
    await expect(client().getItem("102", { fresh: true })).rejects.toMatchObject({ status: 404 });
  });

  it("is a 502 when CurseForge refuses the key, and never reaches a loopback address unless allowed", async () => {
    await expect(client({ apiKey: "wrong" }).getItem("101")).rejects.toMatchObject({
      status: 502,
      details: { reason: "HTTP 403" },
    });
    await expect(client({ allowPrivate: false }).getItem("101")).rejects.toMatchObject({
      status: 502,
      details: { reason: expect.stringContaining("not allowed") },
    });
  });
});
