/**
 * A mod item of a POST body (docs/CONTRACT.md#mods): `mod_id` is required; `pull_url`
 * or its alias `pull_api` is an absolute http(s) URL or null. Other keys are ignored.
 */
import { z } from "zod";
import { modIdInput } from "@/lib/mods/mod-id";
import { hasControlCharacter } from "@/lib/text/control-characters";

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    // Control characters: the URL parser would percent-encode them, but the stored text keeps them.
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      url.hostname.length > 0 &&
      !/\s/.test(value) &&
      !hasControlCharacter(value)
    );
  } catch {
    return false;
  }
}

const pullUrl = z
  .string()
  .max(2000, "must be at most 2000 characters")
  .refine(isHttpUrl, "must be an absolute http(s) URL")
  .nullable();

export const modInput = z
  .object({ mod_id: modIdInput, pull_url: pullUrl.optional(), pull_api: pullUrl.optional() })
  .refine((m) => m.pull_url === undefined || m.pull_api === undefined || m.pull_url === m.pull_api, {
    message: "pull_url and pull_api are the same field and must not differ",
    path: ["pull_api"],
  })
  .transform((m) => ({ workshopId: m.mod_id, pullUrl: m.pull_url !== undefined ? m.pull_url : m.pull_api }));

/** `pullUrl` undefined: the item did not mention it. */
export type ModInput = z.infer<typeof modInput>;
