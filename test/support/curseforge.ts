/** Test helpers for the stand-in CurseForge (fake-curseforge.ts) the test servers talk to. */
import { randomInt } from "node:crypto";
import { inject } from "vitest";
import type { FakeProject } from "./fake-curseforge";

/** A CurseForge project id no other test uses: small numbers, far below the fake Steam's workshop ids. */
export const newProjectId = (): number => randomInt(1_000_000, 99_000_000);

export async function putProjects(mods: FakeProject[]): Promise<void> {
  const res = await fetch(`${inject("curseForgeUrl")}/__mods`, { method: "POST", body: JSON.stringify({ mods }) });
  if (!res.ok) throw new Error(`the stand-in CurseForge refused the projects: ${res.status}`);
}
