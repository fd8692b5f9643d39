// Publishing a Beacon file from My documents (lib/documents/document-upload) on each
// engine: every bad file gets, word for word, the message POST /v1/document.php gives
// the same bytes, at the preview and at publishing, and nothing is written; a good file
// is described before anything is written, published byte for byte (a v1 client
// downloads it), and published again as the next revision.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { tooLarge } from "@/lib/api/request-body";
import { previewDocumentUpload, publishDocumentUpload } from "@/lib/documents/document-upload";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

const MAX = 8 * 1024 * 1024;
const TEMPLATE = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
const withId = (id: string) => Buffer.from(TEMPLATE.replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id));

describe("a Beacon file published from the browser", () => {
  it("refuses what the v1 POST refuses, with its message, and writes nothing", async () => {
    const user = await registeredUser();
    const other = await registeredUser();
    const taken = randomUUID();
    expect(
      (await api(other).request("POST", "/v1/document.php", { body: withId(taken), contentType: "application/json" }))
        .status,
    ).toBe(200);
    const files: [string, Buffer][] = [
      ["not JSON", Buffer.from("Campfire x2")],
      ["empty", Buffer.alloc(0)],
      ["no Identifier", Buffer.from('{"Title": "Crates", "LootSources": []}')],
      ["a bad Identifier", Buffer.from('{"Identifier": "nope", "Title": "Crates"}')],
      ["an empty Title", Buffer.from(`{"Identifier": "${randomUUID()}", "Title": " "}`)],
      ["not an object", Buffer.from("[1]")],
      [
        "twice the same document",
        Buffer.from(
          JSON.stringify([
            { Identifier: taken, Title: "A" },
            { Identifier: taken, Title: "B" },
          ]),
        ),
      ],
      ["another user's document", withId(taken)],
    ];
    for (const [what, bytes] of files) {
      const v1 = expectJsonError(
        await api(user).request("POST", "/v1/document.php", { body: bytes, contentType: "application/json" }),
        what === "another user's document" ? 403 : 400,
      );
      expect(await previewDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX }), what).toEqual({
        ok: false,
        message: v1.message,
      });
      const err = await publishDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX }).catch((e) => e);
      expect(err, what).toBeInstanceOf(ApiError);
      expect((err as ApiError).message, what).toBe(v1.message);
    }
    const big = withId(randomUUID());
    expect(
      await previewDocumentUpload(testDb(), { userId: user.userId, bytes: big, maxBytes: big.length - 1 }),
    ).toEqual({
      ok: false,
      message: tooLarge(big.length - 1).message,
    });
    expect(await testDb().document.count({ where: { userId: user.userId } })).toBe(0);
    expect((await testDb().document.findUniqueOrThrow({ where: { id: taken } })).userId).toBe(other.userId);
  });

  it("describes Default Loot.beacon, publishes its bytes, and a second upload is the next revision", async () => {
    const user = await registeredUser();
    const id = randomUUID();
    const bytes = withId(id.toUpperCase());
    const preview = await previewDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX });
    expect(preview).toMatchObject({
      ok: true,
      bytes: bytes.length,
      documents: [{ documentId: id, name: "Default Loot", maps: ["Island"], replaces: null }],
    });
    if (!preview.ok) return;
    const sources = preview.documents[0]!.sources!;
    expect(sources.map((s) => s.label)).toEqual([
      "Island White (Level 3)",
      "Island Green (Level 15)",
      "Island Blue (Level 25)",
      "Island Purple (Level 35)",
      "Island Yellow (Level 45)",
      "Island Red (Level 60)",
    ]);
    expect(sources[0]).toEqual({
      label: "Island White (Level 3)",
      crateClass: "SupplyCrate_Level03_C",
      itemSets: 7,
      entries: 38,
    });
    expect(preview.documents[0]!.items).toBeGreaterThan(50);
    expect(await testDb().document.count({ where: { id } })).toBe(0);

    expect(await publishDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX })).toEqual([
      { documentId: id, name: "Default Loot", revision: 1 },
    ]);
    const downloaded = await api().request("GET", `/v1/document.php/${id}`);
    expect(downloaded.body.equals(bytes)).toBe(true);
    expect(await previewDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX })).toMatchObject({
      ok: true,
      documents: [{ documentId: id, replaces: { revision: 1 } }],
    });
    expect(await publishDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX })).toEqual([
      { documentId: id, name: "Default Loot", revision: 2 },
    ]);
    const meta = await api().request("GET", `/v1/document.php/${id}?simple`);
    expect(meta.json()).toMatchObject({ user_id: user.userId, name: "Default Loot", revision: 2 });
  });
});
