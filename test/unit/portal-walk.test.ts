/**
 * The portal walk's pure rules: the token expiry warning, the build line
 * written before the build, what destroying buttons ask, the title and description
 * limits, and refusals in their reader's words.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { badRequest } from "@/lib/api/errors";
import { tooLarge } from "@/lib/api/request-body";
import {
  deleteDocumentQuestion,
  removeModQuestion,
  restoreRevisionQuestion,
  revokeKeyQuestion,
  revokeTokenQuestion,
} from "@/lib/dashboard/confirm-questions";
import { reportErrorWords, webhookErrorWords } from "@/lib/dashboard/form-words";
import {
  DESCRIPTION_MAX,
  descriptionProblem,
  shorten,
  shownTitle,
  TITLE_MAX,
  titleIsCut,
  titleProblem,
} from "@/lib/documents/text-limits";
import { uploadRefusalWords } from "@/lib/documents/upload-words";
import { readLootDocument } from "@/lib/loot/loot-document";
import { validateLoot } from "@/lib/loot/validate-loot";
import { registerRefusalWords } from "@/lib/sign-in/register-words";
import { expiresSoon, type TokenJson } from "@/lib/keys/tokens";
import { createLogger, flushLog, turnBufferedStdout } from "@/lib/logging/logger";

const DAY = 24 * 3600_000;
const token = (madeDaysAgo: number, lifeDays: number, now: Date): TokenJson => {
  const made = now.getTime() - madeDaysAgo * DAY;
  return {
    token_id: "t",
    name: "n",
    hint: "bh_x",
    scopes: ["documents:write"],
    mod_ids: [],
    created_at: new Date(made).toISOString(),
    expires_at: new Date(made + lifeDays * DAY).toISOString(),
    last_used_at: null,
    revoked_at: null,
  };
};

describe("the token expiry warning", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  it("is not shown for a week's token the moment it is made, and is in its last third", () => {
    expect(expiresSoon(token(0, 7, now), now)).toBe(false);
    expect(expiresSoon(token(4.6, 7, now), now)).toBe(false);
    expect(expiresSoon(token(4.7, 7, now), now)).toBe(true);
    expect(expiresSoon(token(0.6, 1, now), now)).toBe(false);
    expect(expiresSoon(token(0.7, 1, now), now)).toBe(true);
  });
  it("warns a long token's owner in its last week only; never once expired or revoked", () => {
    expect(expiresSoon(token(357, 365, now), now)).toBe(false);
    expect(expiresSoon(token(359, 365, now), now)).toBe(true);
    expect(expiresSoon(token(8, 7, now), now)).toBe(false);
    expect(expiresSoon({ ...token(359, 365, now), revoked_at: now.toISOString() }, now)).toBe(false);
  });
});

describe("the first start's build line", () => {
  it("flushLog writes a held line at once, before a synchronous step could block the turn", () => {
    const written: string[] = [];
    const sink = { write: (t: string) => written.push(t), flushSync: () => {} };
    const log = createLogger({ destination: turnBufferedStdout(sink) });
    log.info({ step: "build" }, "building the web app (next build); this takes a minute or two the first time");
    expect(written, "held for the turn's end without flushLog").toEqual([]);
    flushLog(log);
    expect(written.join("")).toContain("this takes a minute or two");
  });
});

describe("what a destroying button asks first", () => {
  it("names the document and counts its revisions and downloads", () => {
    expect(deleteDocumentQuestion({ name: "Foo", revisions: 12, downloads: 1200 })).toEqual({
      question: "Delete “Foo” and its 12 revisions?",
      detail: "Its address and its download link stop working (1,200 downloads so far). This cannot be undone.",
      yes: "Yes, delete it",
    });
    expect(deleteDocumentQuestion({ name: "x".repeat(500), revisions: 1, downloads: 1 }).question).toBe(
      `Delete “${"x".repeat(TITLE_MAX - 1)}…” and its 1 revision?`,
    );
  });
  it("counts a mod's engrams and creatures; an unconfirmed registration takes none", () => {
    expect(removeModQuestion({ name: "Dinos", confirmed: true, engrams: 1, creatures: 30 }).question).toBe(
      "Remove “Dinos” with its 1 engram and 30 creatures?",
    );
    expect(removeModQuestion({ name: "Dinos", confirmed: false, engrams: 0, creatures: 0 }).question).toBe(
      "Remove your registration of “Dinos”?",
    );
  });
  it("names keys and tokens with their last use", () => {
    expect(revokeKeyQuestion({ name: "laptop", lastUsed: "2026-11-20T10:00:00.000Z" })).toMatchObject({
      question: "Revoke the key “laptop”?",
      detail: expect.stringContaining("last used 2026-11-20 10:00 UTC"),
    });
    expect(revokeTokenQuestion({ name: "ci", scopes: ["documents:write"], lastUsed: null }).detail).toContain(
      "it allows documents:write; last used never",
    );
  });
  it("a restore says which kept revision goes when the server keeps only so many", () => {
    expect(restoreRevisionQuestion({ revision: 2, current: 5, kept: [5, 4, 3, 2], keep: 0 }).detail).toBe(
      "Revision 6 is made with revision 2's content; revision 5 stays among the revisions.",
    );
    expect(restoreRevisionQuestion({ revision: 3, current: 5, kept: [5, 4, 3], keep: 3 }).detail).toContain(
      "revision 3, the oldest, will no longer be kept.",
    );
    expect(restoreRevisionQuestion({ revision: 3, current: 4, kept: [4, 3], keep: 3 }).detail).not.toContain(
      "no longer",
    );
  });
});

describe("titles and descriptions: one rule, and cut wherever shown", () => {
  it("takes up to the limits in characters people see, and says by how much a longer one is over", () => {
    expect(titleProblem("T".repeat(TITLE_MAX))).toBeNull();
    expect(titleProblem("🦖".repeat(TITLE_MAX))).toBeNull();
    expect(titleProblem("T".repeat(5000))).toBe(
      `The title is 5,000 characters; the limit is ${TITLE_MAX}. Shorten it: listings show at most that.`,
    );
    expect(titleProblem("  ")).toBe("Give the document a title.");
    expect(descriptionProblem("d".repeat(DESCRIPTION_MAX))).toBeNull();
    expect(descriptionProblem("d".repeat(DESCRIPTION_MAX + 1))).toBe(
      "The description is 1,001 characters; the limit is 1,000.",
    );
  });
  it("cuts with an ellipsis, never inside a character, and folds line breaks in titles", () => {
    expect(shownTitle("Short")).toBe("Short");
    expect(shownTitle("a\n\n b")).toBe("a b");
    const cut = shownTitle("🦖".repeat(500));
    expect(Array.from(cut)).toHaveLength(TITLE_MAX);
    expect(cut.endsWith("🦖…")).toBe(true);
    expect(titleIsCut("T".repeat(TITLE_MAX))).toBe(false);
    expect(titleIsCut("T".repeat(TITLE_MAX + 1))).toBe(true);
    expect(shorten("one two three", 8)).toBe("one two…");
  });
  it("the editor refuses what the upload refuses (validate-loot uses the same rule)", () => {
    const doc = readLootDocument(JSON.parse(readFileSync("lib/loot/templates/default-loot.beacon", "utf8")))!;
    const errors = (title: string, description = "") =>
      validateLoot({ ...doc, title, description })
        .filter((i) => i.severity === "error" && i.path.length === 0)
        .map((i) => [i.field, i.message]);
    expect(errors("Fine")).toEqual([]);
    expect(errors("T".repeat(101), "d".repeat(1001))).toEqual([
      ["title", titleProblem("T".repeat(101))],
      ["description", descriptionProblem("d".repeat(1001))],
    ]);
  });
});

describe("refusals in their reader's words", () => {
  const file = { bytes: 11_010_048, maxBytes: 10_380_902 };
  it("words the upload's refusals from the API's", () => {
    expect(uploadRefusalWords(tooLarge(file.maxBytes), file)).toBe("The file is 10.5 MB; the limit is 9.9 MB.");
    expect(uploadRefusalWords(badRequest("The body is not valid JSON."), file)).toMatch(
      /^This isn't a Beacon document: /,
    );
    const issue = badRequest("Item 0 is not a valid document: Title: must not be empty.", {
      index: 0,
      issues: [{ index: 0, path: "Title", message: "must not be empty" }],
    });
    expect(uploadRefusalWords(issue, file)).toBe("This isn't a Beacon document: it has no title.");
    // What no rule knows is said as the API says it.
    expect(uploadRefusalWords(badRequest("Something new."), file)).toBe("Something new.");
  });
  it("words the report form's and the webhook form's errors, the API's schemas unchanged", () => {
    const sent = new FormData();
    sent.set("text", "x".repeat(2345));
    expect(
      reportErrorWords(
        { reason: "must be one of spam, broken, stolen", text: "must be at most 2000 characters" },
        sent,
      ),
    ).toEqual({
      reason: "Choose what is wrong.",
      text: "Your text is 2,345 characters; a report keeps at most 2,000. Shorten it.",
    });
    expect(
      webhookErrorWords(
        {
          url: "must be an absolute http or https URL without a user name or password",
          events: "name at least one event",
          mod_ids: "not workshop ids: abc",
        },
        new FormData(),
      ),
    ).toEqual({
      url: "Give your receiver's whole address, starting with https:// (no user name or password in it).",
      events: "Choose at least one event.",
      mod_ids: "These are not Steam Workshop ids (numbers only): abc.",
    });
  });
  it("words a refused registration by its status", () => {
    expect(registerRefusalWords(429, 125)).toBe(
      "Too many new identities were made from your network just now. Try again in 3 minutes.",
    );
    expect(registerRefusalWords(503)).toContain("Nothing was made");
    expect(registerRefusalWords(400)).not.toMatch(/Item 0|public_key/);
  });
});
