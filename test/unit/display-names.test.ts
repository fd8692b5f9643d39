// Display-name rules (docs/PORTAL.md#display-names): what a name may be, and when two names are one.
import { describe, expect, it } from "vitest";
import {
  authorLabel,
  DISPLAY_NAME_MAX,
  displayNameKey,
  parseDisplayName,
} from "@/lib/display-names/display-name-rules";

const ok = (raw: string) => {
  const r = parseDisplayName(raw);
  if (!r.ok) throw new Error(`${raw}: ${r.message}`);
  return r;
};
const refused = (raw: string) => {
  const r = parseDisplayName(raw);
  if (r.ok) throw new Error(`${raw} was accepted as ${r.name}`);
  return r.message;
};

describe("parseDisplayName", () => {
  it("accepts letters of any script, digits, spaces and - _ . '", () => {
    for (const name of [
      "Jo Smith",
      "ark_builder-2",
      "O'Neil",
      "J.R. Tolkien",
      "Zoë",
      "Ærøskøbing",
      "Дмитрий",
      "山田太郎",
      "नमस्ते",
      "R2D2",
    ])
      expect(ok(name).name).toBe(name);
  });

  it("normalises: NFC, one space for any run of white space, trimmed", () => {
    expect(ok("  Jo \t  Smith \n").name).toBe("Jo Smith");
    // "e" + combining acute (NFD) is stored as the single character é (NFC)
    expect(ok("Rene\u0301e").name).toBe("Renée");
  });

  it("counts characters, not UTF-16 units, for the 3-32 limit", () => {
    expect(refused("ab")).toMatch(/at least 3/);
    expect(ok("abc").name).toBe("abc");
    expect(ok("a".repeat(DISPLAY_NAME_MAX)).name).toHaveLength(DISPLAY_NAME_MAX);
    expect(refused("a".repeat(DISPLAY_NAME_MAX + 1))).toMatch(/at most 32 characters \(this one has 33\)/);
    // 32 letters outside the BMP are 64 UTF-16 units and still one name
    expect([...ok("𝒜".repeat(DISPLAY_NAME_MAX)).name]).toHaveLength(DISPLAY_NAME_MAX);
  });

  it("refuses markup, symbols, emoji and invisible characters, naming the first", () => {
    expect(refused("<b>Jo</b>")).toMatch(/^“<” cannot be part of a display name/);
    expect(refused("Jo & Co")).toMatch(/^“&”/);
    expect(refused("Jo 🦖")).toMatch(/^“🦖”/);
    expect(refused("Jo\u200bSmith")).toMatch(/^U\+200B cannot/);
    expect(refused("Jo\u0000Smith")).toMatch(/^U\+0000 cannot/);
    expect(refused("Jo\u202eSmith")).toMatch(/^U\+202E cannot/); // right-to-left override
  });

  it("starts and ends with a letter or digit, and has a letter", () => {
    expect(refused("-Jo")).toMatch(/starts and ends/);
    expect(refused("Jo.")).toMatch(/starts and ends/);
    expect(refused("1234")).toMatch(/at least one letter/);
    expect(ok("7 Days").name).toBe("7 Days");
  });

  it("refuses the automatic form of another author's name", () => {
    for (const name of ["user 1234abcd", "User_CBD75309", "user-0000ffff"])
      expect(refused(name)).toMatch(/how authors without a name are shown/);
    expect(ok("user 1234abcx").name).toBe("user 1234abcx");
  });
});

describe("displayNameKey: when two names are one", () => {
  it("folds case, compatibility forms and separators", () => {
    const key = displayNameKey("Jo Smith");
    for (const same of ["jo smith", "JO_SMITH", "jo-smith", "Jo.Smith", "JoSmith", "Ｊｏ Ｓｍｉｔｈ"])
      expect(displayNameKey(ok(same).name)).toBe(key);
    expect(displayNameKey("Jo Smyth")).not.toBe(key);
    // NFC and NFD spellings of one name are one name
    expect(ok("Rene\u0301e").key).toBe(ok("Renée").key);
  });
});

describe("authorLabel", () => {
  it("is the name, or 'user' and the first block of the id", () => {
    expect(authorLabel("cbd75309-0000-4000-8000-000000000000", "Jo Smith")).toBe("Jo Smith");
    expect(authorLabel("cbd75309-0000-4000-8000-000000000000", null)).toBe("user cbd75309");
  });
});
