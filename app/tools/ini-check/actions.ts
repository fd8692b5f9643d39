"use server";
/**
 * The ini checker's form action: the pasted files through the same check as
 * POST /v1/ini-check.php (lib/ini-doctor/check-request), with its size bound. Public: it
 * reads only the catalogue (the loot lines' items) and writes nothing.
 */
import { INI_CHECK_MAX_BYTES, runIniCheck } from "@/lib/ini-doctor/check-request";
import { iniCheckFormState, type IniCheckFormState } from "@/lib/ini-doctor/check-form";
import { resolveItems } from "@/lib/catalogue/resolve-items";
import { readDb } from "@/lib/db/replicas";

export async function checkIniAction(_previous: IniCheckFormState, form: FormData): Promise<IniCheckFormState> {
  return iniCheckFormState(
    {
      game: form.get("game"),
      gameIni: form.get("game_ini"),
      gameUserSettings: form.get("game_user_settings"),
      fix: form.get("fix") === "yes",
    },
    (body) => runIniCheck(body, (items) => resolveItems(readDb(), items)),
    INI_CHECK_MAX_BYTES,
  );
}
