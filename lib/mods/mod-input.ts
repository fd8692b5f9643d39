/**
 * A mod item of a POST body (spec "Mods", CONTRACT §5): `mod_id` is required; `pull_url`
 * or its alias `pull_api` is an absolute http(s) URL or null. Other keys are ignored.
 */
import { z } from "zod";
import { modIdInput } from "@/lib/mods/mod-id";

export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname.length > 0 && !/\s/.test(value);
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
