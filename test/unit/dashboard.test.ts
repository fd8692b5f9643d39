// Pure helpers of the dashboard: workshop references, form parsing, the CSV
// and JSON downloads (which must read back as the same engrams and creatures), the
// challenge's signed content.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { catalogueCsv, catalogueJson, parseCatalogueFileName } from "@/lib/dashboard/catalogue-file";
import { formObject, zodErrors } from "@/lib/dashboard/form-data";
import { signInAddress } from "@/lib/dashboard/sign-in-address";
import { workshopIdFrom } from "@/lib/dashboard/workshop-ref";
import { readEngramFile } from "@/lib/engrams/engram-file";
import { validatePushRows } from "@/lib/engrams/push-plan";
import type { CreatureJson } from "@/lib/engrams/creature-json";
import type { EngramJson } from "@/lib/engrams/engram-json";
import { validateRows } from "@/lib/engrams/import-engrams";
import { challengeContent } from "@/lib/sign-in/challenges";

describe("workshopIdFrom", () => {
  it("takes ids and Steam workshop URLs", () => {
    expect(workshopIdFrom(" 731604991 ")).toBe("731604991");
    expect(workshopIdFrom("https://steamcommunity.com/sharedfiles/filedetails/?id=731604991")).toBe("731604991");
    expect(workshopIdFrom("https://steamcommunity.com/workshop/filedetails/?id=12&searchtext=")).toBe("12");
  });
  it("refuses anything else", () => {
    for (const bad of [
      "",
      "abc",
      "-1",
      "0",
      "https://example.com/?id=12",
      "https://steamcommunity.com/sharedfiles/filedetails/",
      "javascript:alert(1)",
    ]) {
      expect(workshopIdFrom(bad)).toBeNull();
    }
  });
});

describe("form helpers", () => {
  it("keeps repeated fields as arrays and drops Next.js's action fields", () => {
    const form = new FormData();
    form.append("environments", "Island");
    form.append("environments", "Center");
    form.append("label", "Axe");
    form.append("$ACTION_ID_abc", "");
    expect(formObject(form)).toEqual({ environments: ["Island", "Center"], label: "Axe" });
  });
  it("puts the first message of each field under its name", () => {
    const r = z.object({ a: z.string().min(2, "too short"), b: z.number() }).safeParse({ a: "x", b: "y" });
    expect(r.success).toBe(false);
    if (!r.success) expect(zodErrors(r.error)).toMatchObject({ a: "too short", b: expect.any(String) });
  });
});

describe("catalogueCsv (engrams)", () => {
  it("reads back, through the upload's own validation, as the same engrams", () => {
    const engrams = [
      { path: "/Game/Mods/X/A.A", label: 'Axe, "sharp"', environments: ["Island", "Center"], can_blueprint: true },
      { path: "/Game/Mods/X/B.B", label: "Line\nbreak", environments: ["Abberation"], can_blueprint: false },
    ] as unknown as EngramJson[];
    const csv = catalogueCsv("engrams", engrams);
    expect(csv.split("\r\n")[0]).toBe("path,label,availability,can_blueprint");
    const { records, errors } = validatePushRows(readEngramFile(csv, "csv"), "42");
    expect(errors).toEqual([]);
    expect(records.map((r) => [r.path, r.label, r.canBlueprint, r.modId])).toEqual([
      ["/Game/Mods/X/A.A", 'Axe, "sharp"', true, "42"],
      ["/Game/Mods/X/B.B", "Line\nbreak", false, "42"],
    ]);
  });

  it("keeps formula-like labels from running in a spreadsheet, and reads them back unchanged", () => {
    const labels = [
      '=HYPERLINK("http://evil.example","x")',
      "-Spear",
      "+1",
      "@SUM(A1:A2)",
      "'Tis a pick",
      "Pick = good",
    ];
    const engrams = labels.map((label, i) => ({
      path: `/Game/Mods/X/E${i}.E${i}`,
      label,
      environments: ["Island"],
      can_blueprint: true,
    })) as unknown as EngramJson[];
    const csv = catalogueCsv("engrams", engrams);
    const cells = csv
      .split("\r\n")
      .slice(1, -1)
      .map((line) => line.slice(line.indexOf(",") + 1, line.lastIndexOf(",Island,")));
    expect(cells).toEqual([
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
      "'-Spear",
      "'+1",
      "'@SUM(A1:A2)",
      "'Tis a pick",
      "Pick = good",
    ]);
    // No cell of the download starts with a formula character, quoted or not.
    for (const line of csv.split("\r\n"))
      for (const c of line.split(",")) expect(c.replace(/^"/, "")).not.toMatch(/^[=+\-@]/);
    const { records, errors } = validatePushRows(readEngramFile(csv, "csv"), "42");
    expect(errors).toEqual([]);
    expect(records.map((r) => r.label)).toEqual(labels);
  });
});

describe("catalogueCsv and catalogueJson (creatures)", () => {
  const creatures = [
    { path: "/Game/Mods/X/Rex.Rex", class: "Rex_C", label: "=Rex", environments: ["Island", "Scorched"] },
    { path: "/Game/Mods/X/Raptor.Raptor", class: "Raptor_C", label: 'Raptor, "fast"', environments: ["Ragnarok"] },
  ] as unknown as CreatureJson[];
  it("name their kind, so every reader takes them as creatures, and read back as the same creatures", () => {
    const csv = catalogueCsv("creatures", creatures);
    expect(csv.split("\r\n")[1]).toBe(`creature,/Game/Mods/X/Rex.Rex,'=Rex,"Island,Scorched"`);
    for (const text of [csv, catalogueJson(creatures)]) {
      const rows = readEngramFile(text, text === csv ? "csv" : "json");
      expect(validateRows(rows).kindOf).toEqual(["creatures", "creatures"]);
      const { records, errors } = validatePushRows(rows, "42", "creatures");
      expect(errors).toEqual([]);
      expect(records.map((r) => [r.path, r.label, r.environments, r.modId])).toEqual([
        ["/Game/Mods/X/Rex.Rex", "=Rex", 1 | 2, "42"],
        ["/Game/Mods/X/Raptor.Raptor", 'Raptor, "fast"', 8, "42"],
      ]);
    }
  });
  it("knows the dashboard's download names and no others", () => {
    expect(parseCatalogueFileName("creatures.json")).toEqual({ kind: "creatures", format: "json" });
    expect(parseCatalogueFileName("engrams.csv")).toEqual({ kind: "engrams", format: "csv" });
    for (const name of ["engrams.xml", "dinos.csv", "creatures.csv.exe", "../engrams.csv"])
      expect(parseCatalogueFileName(name)).toBeNull();
  });
});

describe("challengeContent", () => {
  it("can never be mistaken for a signed API request (whose first line is the method)", () => {
    const content = challengeContent("ab".repeat(32), "11111111-1111-4111-8111-111111111111", "https://hub.example");
    expect(content.split("\n")[0]).toBe("Beacon Hub sign-in");
    expect(content).toContain("https://hub.example");
  });
});

describe("signInAddress", () => {
  it("reads the address Next.js or a trusted proxy put in X-Forwarded-For", () => {
    // without a trusted proxy a client-chosen X-Forwarded-For never counts
    expect(signInAddress("127.0.0.1", "203.0.113.9", false)).toBe("127.0.0.1");
    expect(signInAddress("10.0.0.2", "198.51.100.7, 10.0.0.3", true)).toBe("10.0.0.3");
    expect(signInAddress("10.0.0.2", null, true)).toBe("10.0.0.2");
    expect(signInAddress(null, null, false)).toBe("unknown");
    expect(signInAddress(" ", " , ", true)).toBe("unknown");
  });
});
