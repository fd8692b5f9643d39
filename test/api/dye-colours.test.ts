// The dye colour page (docs/PORTAL.md#dye-colours) over HTTP on the production server: the
// table lists every shipped colour, and the builder's GET form answers with its commands
// in the HTML (no JavaScript needed). The page reads no database, so one engine suffices.
import { describe, expect, inject, it } from "vitest";

const page = async (query = "") => {
  const res = await fetch(`${inject("serverUrl")}/spawn/colors${query}`);
  return { status: res.status, html: await res.text() };
};

/** The builder's commands: each is a `<code>` starting with its prefix (the page's intro names the command without one). */
const commandsIn = (html: string) =>
  [...html.matchAll(/<code[^>]*>((?:cheat|admincheat) SetTargetDinoColor[^<]*)<\/code>/g)].map((m) => m[1]);

describe.runIf(inject("engine") === "sqlite")("/spawn/colors", () => {
  it("lists the 227 shipped colours with their ids, names and swatches", async () => {
    const { status, html } = await page();
    expect(status).toBe(200);
    expect(html).toMatch(/<title>Dye colours and SetTargetDinoColor · Beacon Hub<\/title>/);
    const rows = [...html.matchAll(/<tr data-colour="(\d+)"/g)].map((m) => Number(m[1]));
    expect(rows).toHaveLength(227);
    expect(rows.slice(0, 3)).toEqual([1, 2, 3]);
    expect(html).toContain("227 dye colours, by id");
    expect(html).toMatch(/<tr data-colour="94"[^>]*>.*?background-color:#14849C.*?#14849C.*?Teal<\/td>/s);
    expect(html).toMatch(/<tr data-colour="254"[^>]*>.*?not known.*?Bubblegum Coloring<\/td>/s);
    expect(commandsIn(html)).toEqual([]);
  });

  it("answers the builder's form with one command per region and all on one line", async () => {
    const { status, html } = await page("?r0=1&r3=94&r5=254&prefix=admincheat");
    expect(status).toBe(200);
    expect(commandsIn(html)).toEqual([
      "admincheat SetTargetDinoColor 0 1",
      "admincheat SetTargetDinoColor 3 94",
      "admincheat SetTargetDinoColor 5 254",
      "admincheat SetTargetDinoColor 0 1 | admincheat SetTargetDinoColor 3 94 | admincheat SetTargetDinoColor 5 254",
    ]);
    expect(html).toMatch(/<option value="94" selected="">94 Teal<\/option>/);
  });

  it("says what is wrong with an unknown id and gives no command for it", async () => {
    const { status, html } = await page("?r1=300&r2=7");
    expect(status).toBe(200);
    expect(html).toContain("Region 1: no dye colour has id 300 (see the table).");
    expect(html).toMatch(/aria-invalid="true"/);
    expect(commandsIn(html)).toEqual(["cheat SetTargetDinoColor 2 7"]);
  });
});
