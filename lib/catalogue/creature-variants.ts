/**
 * What kind of creature a catalogue row is, so the spawn page can list the base game's
 * creatures as players look for them: the creature itself first, and its variants
 * (bosses and their difficulties, mission and VR copies, corrupted, alpha, event,
 * aberrant and Genesis' X- and R- forms) marked as such beside their names. Read from the
 * facts the catalogue has (path, class, label, the spawn-code site's heading: docs/CATALOGUE.md),
 * never guessed beyond them: a row none of the rules below names is the creature itself.
 * A row carries it with the tameable flag as one number (creatureFacet), so 20,000 rows
 * stay small.
 * Pure: safe to import from client components.
 */
export const CREATURE_VARIANTS = [
  { key: "base", name: "" },
  { key: "x", name: "X variant" },
  { key: "r", name: "R variant" },
  { key: "aberrant", name: "Aberrant" },
  { key: "alpha", name: "Alpha" },
  { key: "corrupted", name: "Corrupted" },
  { key: "event", name: "Event" },
  { key: "boss", name: "Boss" },
  { key: "mission", name: "Mission" },
  { key: "vr", name: "VR" },
] as const;

export type CreatureVariant = (typeof CREATURE_VARIANTS)[number]["key"];

/** A boss's difficulty, as the game names it (its class ends _Easy, _Medium, _Hard). */
const DIFFICULTIES = ["", "Gamma", "Beta", "Alpha"] as const;

export interface CreatureFacts {
  path: string;
  className: string;
  label: string;
  tameable: boolean | null;
  listedAs: string | null;
}

export function creatureVariant(c: CreatureFacts): CreatureVariant {
  const { path, className, label, listedAs } = c;
  if (/^VR /.test(label) || /\/VR\//.test(path)) return "vr";
  if (/\/(Missions|MissionVariants|SummonedDinos)\//.test(path)) return "mission";
  if (listedAs === "Bosses" || /\/Bosse?s?\//.test(path) || /_Boss(_|$)/.test(className)) return "boss";
  if (/\/Corrupt/.test(path) || /\bCorrupted\b/.test(label)) return "corrupted";
  if (listedAs === "Alphas" || /^Alpha /.test(label)) return "alpha";
  if (listedAs === "Event Creatures" || /^(Bone|Ghost)_/.test(className)) return "event";
  if (/^Aberrant /.test(label)) return "aberrant";
  if (/^X-/.test(label)) return "x";
  if (/^R-/.test(label)) return "r";
  return "base";
}

function difficultyOf(className: string, label: string): number {
  const m = /_(Easy|Medium|Hard)(_C)?$/.exec(className) ?? /\((Gamma|Beta|Alpha)\)/.exec(label);
  if (!m) return 0;
  return { Easy: 1, Medium: 2, Hard: 3, Gamma: 1, Beta: 2, Alpha: 3 }[m[1] as "Easy"];
}

/**
 * The number a creature row carries: bits 0-1 the tameable flag (0 not known, 1 no,
 * 2 yes), bits 2-5 the variant (its index in CREATURE_VARIANTS), bits 6-7 a boss's
 * difficulty (0 none, 1 Gamma, 2 Beta, 3 Alpha). 0 for a mod's creature: not known, itself.
 */
export function creatureFacet(c: CreatureFacts): number {
  const tame = c.tameable === null ? 0 : c.tameable ? 2 : 1;
  const variant = CREATURE_VARIANTS.findIndex((v) => v.key === creatureVariant(c));
  const difficulty =
    variant === CREATURE_VARIANTS.findIndex((v) => v.key === "boss") ? difficultyOf(c.className, c.label) : 0;
  return tame | (variant << 2) | (difficulty << 6);
}

export const isTameable = (facet: number) => (facet & 3) === 2;
export const variantOf = (facet: number) => CREATURE_VARIANTS[(facet >> 2) & 15]?.key ?? "base";

/** What the page writes beside a variant's name ("Boss · Gamma", "Mission"); "" for the creature itself. */
export function variantMark(facet: number): string {
  const variant = CREATURE_VARIANTS[(facet >> 2) & 15];
  if (!variant || variant.key === "base") return "";
  const difficulty = DIFFICULTIES[(facet >> 6) & 3];
  return difficulty ? `${variant.name} · ${difficulty}` : variant.name;
}

/** Where a row sorts among rows of the same label: the creature itself, tameable, first. */
export const variantRank = (facet: number) => ((facet >> 2) & 15) * 2 + (isTameable(facet) ? 0 : 1);
