/**
 * The ini doctor as a request (POST /v1/ini-check.php, and the page's form): a bounded
 * body, checked input, and the reply's shape. Unsigned, so the body is kept small: two
 * real server files are a few KB to a few hundred KB.
 */
import { z } from "zod";
import { ApiError, badRequest } from "@/lib/api/errors";
import { applyFixes, checkIni, type IniFinding } from "@/lib/ini-doctor/check-ini";
import type { IniFile } from "@/lib/server-config/options";
import type { ItemRef, ItemResolver } from "@/lib/catalogue/resolve-items";
import { lootItems } from "@/lib/documents/loot-view";
import { readGameIni } from "@/lib/loot/game-ini-reader";

/** The largest request the check takes, both files and the JSON around them. */
export const INI_CHECK_MAX_BYTES = 1024 * 1024;

export const iniCheckInput = z
  .object({
    game: z.enum(["ase", "asa"]).default("ase"),
    files: z
      .object({ "Game.ini": z.string().optional(), "GameUserSettings.ini": z.string().optional() })
      .strict()
      .refine(
        (f) => f["Game.ini"] !== undefined || f["GameUserSettings.ini"] !== undefined,
        "give Game.ini, GameUserSettings.ini or both",
      ),
    fix: z.boolean().default(false),
  })
  .strict();

export interface IniCheckReply {
  game: "ase" | "asa";
  findings: IniFinding[];
  errors: number;
  /** with `fix`: both files with every certain fix applied */
  fixed?: { files: Partial<Record<IniFile, string>>; launch_options: string[]; applied: number };
}

export function tooLargeForCheck(bytes: number): ApiError | undefined {
  if (bytes <= INI_CHECK_MAX_BYTES) return undefined;
  return new ApiError(
    "payload_too_large",
    `The ini files are ${bytes} bytes; the check takes at most ${INI_CHECK_MAX_BYTES} bytes.`,
    { limit: INI_CHECK_MAX_BYTES },
  );
}

/** Looks the items of the loot lines up in the catalogue (the API and the page pass the database's). */
export type LootCatalogue = (items: ItemRef[]) => Promise<ItemResolver>;

export async function runIniCheck(body: unknown, catalogue?: LootCatalogue): Promise<IniCheckReply> {
  const parsed = iniCheckInput.safeParse(body);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    throw badRequest(`The check's input is not valid: ${issues[0]!.path || "body"}: ${issues[0]!.message}.`, {
      issues,
    });
  }
  const { game, files, fix } = parsed.data;
  // One lookup for every item of every loot line (none without a crate line).
  const gameIni = files["Game.ini"];
  const items =
    catalogue && gameIni !== undefined && /ConfigOverrideSupplyCrateItems/i.test(gameIni)
      ? await catalogue(lootItems(readGameIni(gameIni).doc))
      : undefined;
  const findings = checkIni({ game, files, items });
  const reply: IniCheckReply = { game, findings, errors: findings.filter((f) => f.severity === "error").length };
  if (fix) {
    const fixed = applyFixes({ game, files }, findings);
    reply.fixed = { files: fixed.files, launch_options: fixed.launchOptions, applied: fixed.applied };
  }
  return reply;
}
