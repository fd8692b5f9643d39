// Publishing a Beacon file from My documents (lib/documents/document-upload) on each
// engine: every bad file POST /v1/document.php refuses is refused here too, in the
// reader's words (the API keeps its message), at the preview and at publishing, and
// nothing is written; titles and descriptions are limited here, not on the v1 POST; a good file
// is described before anything is written, published byte for byte (a v1 client
// downloads it), and published again as the next revision.
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { previewDocumentUpload, publishDocumentUpload, uploadRefusal } from "@/lib/documents/document-upload";
import { DESCRIPTION_MAX, TITLE_MAX } from "@/lib/documents/text-limits";
import { api, expectJsonError, registeredUser, testDb } from "../support/api";

const MAX = 8 * 1024 * 1024;
const TEMPLATE = readFileSync("lib/loot/templates/default-loot.beacon", "utf8");
const withId = (id: string) => Buffer.from(TEMPLATE.replace("6B5E3917-039C-4F35-99A6-58BE28BB9760", id));

describe("a Beacon file published from the browser", () => {
  it("refuses what the v1 POST refuses, in the reader's words (the API keeps its own), and writes nothing", async () => {
    const user = await registeredUser();
    const other = await registeredUser();
    const taken = randomUUID();
    expect(
      (await api(other).request("POST", "/v1/document.php", { body: withId(taken), contentType: "application/json" }))
        .status,
    ).toBe(200);
    const noId = "This isn't a Beacon document: it has no usable document id (Identifier).";
    const files: [string, Buffer, string, string | RegExp][] = [
      // what, the file, the page's words, the v1 POST's message for the same bytes
      [
        "not JSON",
        Buffer.from("Campfire x2"),
        "This isn't a Beacon document: Beacon saves documents as JSON text, and this file is not.",
        "The body is not valid JSON.",
      ],
      ["empty", Buffer.alloc(0), "This file is empty.", "The body is not valid JSON."],
      [
        "no Identifier",
        Buffer.from('{"Title": "Crates", "LootSources": []}'),
        noId,
        /^Item 0 is not a valid document: /,
      ],
      ["a bad Identifier", Buffer.from('{"Identifier": "nope", "Title": "Crates"}'), noId, /^Item 0 is not a valid/],
      [
        "an empty Title",
        Buffer.from(`{"Identifier": "${randomUUID()}", "Title": " "}`),
        "This isn't a Beacon document: it has no title.",
        "Item 0 is not a valid document: Title: must not be empty.",
      ],
      [
        "not an object",
        Buffer.from("[1]"),
        "This isn't a Beacon document: it holds something other than a document.",
        "Item 0 is not a document object.",
      ],
      [
        "twice the same document",
        Buffer.from(
          JSON.stringify([
            { Identifier: taken, Title: "A" },
            { Identifier: taken, Title: "B" },
          ]),
        ),
        "The file holds the same document twice (two with one Identifier): save it again from Beacon.",
        "Items 0 and 1 are the same Identifier.",
      ],
      [
        "another user's document",
        withId(taken),
        "Documents published by another user cannot be changed.",
        "Documents published by another user cannot be changed.",
      ],
    ];
    for (const [what, bytes, words, apiMessage] of files) {
      const v1 = expectJsonError(
        await api(user).request("POST", "/v1/document.php", { body: bytes, contentType: "application/json" }),
        what === "another user's document" ? 403 : 400,
      );
      if (typeof apiMessage === "string") expect(v1.message, what).toBe(apiMessage);
      else expect(v1.message, what).toMatch(apiMessage);
      expect(await previewDocumentUpload(testDb(), { userId: user.userId, bytes, maxBytes: MAX }), what).toEqual({
        ok: false,
        message: words,
      });
      const options = { userId: user.userId, bytes, maxBytes: MAX };
      const err = await publishDocumentUpload(testDb(), options).catch((e) => e);
      expect(err, what).toBeInstanceOf(ApiError);
      expect(uploadRefusal(err as ApiError, options), what).toBe(words);
    }
    const big = withId(randomUUID());
    expect(
      await previewDocumentUpload(testDb(), { userId: user.userId, bytes: big, maxBytes: big.length - 1 }),
    ).toEqual({
      ok: false,
      message: `The file is ${big.length.toLocaleString("en-US")} bytes; the limit is ${(big.length - 1).toLocaleString("en-US")} bytes.`,
    });
    expect(await testDb().document.count({ where: { userId: user.userId } })).toBe(0);
    expect((await testDb().document.findUniqueOrThrow({ where: { id: taken } })).userId).toBe(other.userId);
  });

  it("limits titles and descriptions on the page, never on the v1 POST", async () => {
    const user = await registeredUser();
    const doc = (title: string, description = "") =>
      Buffer.from(JSON.stringify({ Identifier: randomUUID(), Title: title, Description: description }));
    const options = (bytes: Buffer) => ({ userId: user.userId, bytes, maxBytes: MAX });
    // At the limits: taken.
    for (const bytes of [doc("T".repeat(TITLE_MAX), "d".repeat(DESCRIPTION_MAX)), doc("🦖".repeat(TITLE_MAX))])
      expect((await previewDocumentUpload(testDb(), options(bytes))).ok).toBe(true);
    const longTitle = doc("T".repeat(5000));
    expect(await previewDocumentUpload(testDb(), options(longTitle))).toEqual({
      ok: false,
      message: `The title is 5,000 characters; the limit is ${TITLE_MAX}. Shorten it: listings show at most that.`,
    });
    const longDescription = doc("Fine", "d".repeat(DESCRIPTION_MAX + 1));
    expect(await previewDocumentUpload(testDb(), options(longDescription))).toEqual({
      ok: false,
      message: `The description is 1,001 characters; the limit is 1,000.`,
    });
    for (const bytes of [longTitle, longDescription]) {
      await expect(publishDocumentUpload(testDb(), options(bytes))).rejects.toBeInstanceOf(ApiError);
      // The interface's POST takes them as it always did.
      const res = await api(user).request("POST", "/v1/document.php", { body: bytes, contentType: "application/json" });
      expect(res.status).toBe(200);
    }
    expect(await testDb().document.count({ where: { userId: user.userId } })).toBe(2);
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
