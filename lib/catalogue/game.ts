/**
 * The two games Beacon Hub serves (docs/CATALOGUE.md, "Two games"): ARK: Survival Evolved
 * ("ase"), the only game of the v1 interface, and ARK: Survival Ascended ("asa"), whose
 * rows only the documented extensions (portal, CLI, changes feed, creature API) reach.
 * Pure: safe to import from client components.
 */
export const GAMES = ["ase", "asa"] as const;

export type Game = (typeof GAMES)[number];

/** What the v1 interface serves: a request that names no game is about ASE. */
export const V1_GAME: Game = "ase";

export const GAME_NAMES: Record<Game, string> = {
  ase: "ARK: Survival Evolved",
  asa: "ARK: Survival Ascended",
};

export const GAME_SHORT_NAMES: Record<Game, string> = { ase: "ASE", asa: "ASA" };

/** A game key from a query parameter or CLI option (any case); null when it is none. */
export function parseGame(value: unknown): Game | null {
  if (typeof value !== "string") return null;
  const v = value.trim().toLowerCase();
  return (GAMES as readonly string[]).includes(v) ? (v as Game) : null;
}

/** A parameter absent or empty is ASE; anything else must name a game. */
export function gameOrDefault(value: string | null | undefined): Game | null {
  return value === null || value === undefined || value.trim() === "" ? V1_GAME : parseGame(value);
}
