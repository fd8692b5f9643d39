// The sign-in page's identity file checks: every wrong file gets a sentence
// naming it; a good file's fields come back as they were (the CLI's format).
import { generateKeyPairSync, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  checkIdentityFileSize,
  IDENTITY_FILE_MAX_BYTES,
  parseIdentityFileText,
} from "@/lib/sign-in/identity-file-text";

const key = generateKeyPairSync("ed25519").privateKey.export({ format: "pem", type: "pkcs8" }).toString();
const refused = (text: string) => {
  const r = parseIdentityFileText("x.json", text);
  if (r.ok) throw new Error("accepted");
  return r.message;
};

describe("checkIdentityFileSize", () => {
  it("asks for a file when none was chosen, and refuses empty and oversized ones", () => {
    expect(checkIdentityFileSize(null)).toMatch(
      /^Choose your identity file first\. Choose the beacon-identity-….json file/,
    );
    expect(checkIdentityFileSize({ name: "", size: 0 })).toMatch(/^Choose your identity file first/);
    expect(checkIdentityFileSize({ name: "a.json", size: 0 })).toMatch(/^“a.json” is empty\./);
    expect(checkIdentityFileSize({ name: "big.json", size: IDENTITY_FILE_MAX_BYTES + 1 })).toMatch(
      /^“big.json” is 64 KB: far too large/,
    );
    expect(checkIdentityFileSize({ name: "ok.json", size: 2000 })).toBeUndefined();
  });
});

describe("parseIdentityFileText", () => {
  it("reads the CLI's identity file, with a byte-order mark or without", () => {
    const id = randomUUID();
    const text = JSON.stringify({ user_id: id.toUpperCase(), private_key: key, scheme: "ed25519" });
    for (const t of [text, `\uFEFF${text}`])
      expect(parseIdentityFileText("x.json", t)).toEqual({
        ok: true,
        fields: { user_id: id.toUpperCase(), private_key: key, scheme: "ed25519" },
      });
  });

  it("says what is wrong, in words, naming the file", () => {
    expect(refused("hello")).toBe(
      "“x.json” is not a Beacon identity file: its text is not JSON. Choose the beacon-identity-….json file you saved when you created your identity.",
    );
    expect(refused("\u0000\u0001PNG\uFFFD")).toMatch(/: it is not text\./);
    expect(refused("[1, 2]")).toMatch(/: it holds no identity\./);
    expect(refused('{"user_id": "x"}')).toMatch(/: it has no user_id and private_key\./);
    expect(refused(JSON.stringify({ user_id: "bob", private_key: key }))).toMatch(/: its user_id is not a user id\./);
    expect(refused(JSON.stringify({ user_id: randomUUID(), private_key: "secret" }))).toMatch(
      /: its private_key is not a private key\./,
    );
  });
});
