/**
 * Checks a file chosen on the sign-in page before any key is imported, so every way it
 * can be wrong gets a sentence the author understands: no file, an empty file, a file
 * far too large, not JSON, JSON without the identity's fields. The format is the CLI's
 * identity file (lib/client/identity-file.ts): user_id, private_key (PEM), scheme.
 * Plain code: runs in the browser, unit-tested in Node.
 */
import { hasControlCharacter } from "@/lib/text/control-characters";
import { isUuid } from "@/lib/uuid";

/** An identity file is about 2 KB (RSA-2048); anything past this is some other file. */
export const IDENTITY_FILE_MAX_BYTES = 64 * 1024;
const HINT = "Choose the beacon-identity-….json file you saved when you created your identity.";

export interface IdentityFileFields {
  user_id: string;
  private_key: string;
  scheme?: string;
}

export type IdentityFileCheck = { ok: true; fields: IdentityFileFields } | { ok: false; message: string };

/** `file` is what the file input gave, or null when nothing was chosen. */
export function checkIdentityFileSize(file: { name: string; size: number } | null): string | undefined {
  if (!file || file.name === "") return `Choose your identity file first. ${HINT}`;
  if (file.size === 0) return `“${file.name}” is empty. ${HINT}`;
  if (file.size > IDENTITY_FILE_MAX_BYTES)
    return `“${file.name}” is ${Math.round(file.size / 1024)} KB: far too large to be an identity file. ${HINT}`;
  return undefined;
}

export function parseIdentityFileText(name: string, text: string): IdentityFileCheck {
  const notIdentity = (why: string): IdentityFileCheck => ({
    ok: false,
    message: `“${name}” is not a Beacon identity file: ${why}. ${HINT}`,
  });
  let json: unknown;
  try {
    json = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    // Tabs and line breaks are text; other controls, or bytes that were not UTF-8, are not.
    return notIdentity(
      text.includes("\uFFFD") || hasControlCharacter(text.replace(/[\t\n\r]/g, ""))
        ? "it is not text"
        : "its text is not JSON",
    );
  }
  if (!json || typeof json !== "object" || Array.isArray(json)) return notIdentity("it holds no identity");
  const o = json as Record<string, unknown>;
  if (typeof o.user_id !== "string" || typeof o.private_key !== "string")
    return notIdentity("it has no user_id and private_key");
  if (!isUuid(o.user_id.trim())) return notIdentity("its user_id is not a user id");
  if (!/-----BEGIN PRIVATE KEY-----[\s\S]+-----END PRIVATE KEY-----/.test(o.private_key))
    return notIdentity("its private_key is not a private key");
  return {
    ok: true,
    fields: {
      user_id: o.user_id.trim(),
      private_key: o.private_key,
      scheme: typeof o.scheme === "string" ? o.scheme : undefined,
    },
  };
}
