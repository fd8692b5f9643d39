/**
 * The ini checker's page form (app/tools/ini-check) as plain data: what was pasted, checked
 * as the API checks it, or a refusal in the admin's words. The files come back in the
 * state so the form keeps them (also without JavaScript, when the page renders anew).
 */
import { ApiError } from "@/lib/api/errors";
import type { IniCheckReply } from "./check-request";

export interface IniCheckFormState {
  game?: "ase" | "asa";
  gameIni?: string;
  gameUserSettings?: string;
  fix?: boolean;
  reply?: IniCheckReply;
  /** what was wrong with the input, for the person who sent it */
  error?: string;
}

const text = (v: unknown) => (typeof v === "string" ? v.replace(/\r\n?/g, "\n") : "");

export async function iniCheckFormState(
  fields: { game: unknown; gameIni: unknown; gameUserSettings: unknown; fix: boolean },
  check: (body: unknown) => Promise<IniCheckReply>,
  maxBytes: number,
): Promise<IniCheckFormState> {
  const game = fields.game === "asa" ? "asa" : "ase";
  const gameIni = text(fields.gameIni);
  const gameUserSettings = text(fields.gameUserSettings);
  const kept = { game, gameIni, gameUserSettings, fix: fields.fix } as const;
  if (gameIni.trim() === "" && gameUserSettings.trim() === "")
    return { ...kept, error: "Paste Game.ini, GameUserSettings.ini or both." };
  const bytes = Buffer.byteLength(gameIni) + Buffer.byteLength(gameUserSettings);
  if (bytes > maxBytes)
    return {
      ...kept,
      error: `The files are ${(bytes / 1024).toFixed(0)} KB together; the checker takes at most ${(maxBytes / 1024).toFixed(0)} KB.`,
    };
  const files = {
    ...(gameIni.trim() ? { "Game.ini": gameIni } : {}),
    ...(gameUserSettings.trim() ? { "GameUserSettings.ini": gameUserSettings } : {}),
  };
  try {
    return { ...kept, reply: await check({ game, files, fix: fields.fix }) };
  } catch (err) {
    if (err instanceof ApiError) return { ...kept, error: err.message };
    throw err;
  }
}
