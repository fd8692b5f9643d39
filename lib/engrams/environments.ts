/**
 * Engram environments (docs/CONTRACT.md#engrams), stored as a bit set in the
 * `environments` column: bit i is ENVIRONMENTS[i], in the spec table's order.
 */
export const ENVIRONMENTS = ["Island", "Scorched", "Center", "Ragnarok", "Abberation"] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

const BY_KEY = new Map<string, number>(ENVIRONMENTS.map((name, i) => [name.toLowerCase(), 1 << i]));
// The game's own spelling, accepted on input (docs/CONTRACT.md#engrams).
BY_KEY.set("aberration", BY_KEY.get("abberation")!);

export type EnvironmentsResult = { ok: true; mask: number } | { ok: false; message: string };

/** An array of names or a comma-separated string, any case; at least one, all known. */
export function parseEnvironments(value: unknown): EnvironmentsResult {
  let names: unknown[];
  if (typeof value === "string") names = value.split(",");
  else if (Array.isArray(value)) names = value;
  else return { ok: false, message: "must be an array of environment names or a comma-separated string" };
  let mask = 0;
  for (const raw of names) {
    if (typeof raw !== "string") return { ok: false, message: "every environment must be a string" };
    const name = raw.trim();
    if (name === "" && typeof value === "string") continue;
    const bit = BY_KEY.get(name.toLowerCase());
    if (bit === undefined)
      return { ok: false, message: `unknown environment "${raw}"; allowed: ${ENVIRONMENTS.join(", ")}` };
    mask |= bit;
  }
  if (mask === 0) return { ok: false, message: "must name at least one environment" };
  return { ok: true, mask };
}

/**
 * How pages spell an environment: the game's "Aberration". The v1 API keeps the
 * interface's "Abberation" on the wire; people reading a page see the map's real name.
 */
export function environmentLabel(name: string): string {
  return name === "Abberation" ? "Aberration" : name;
}

/** The canonical names of a bit set, in the spec's order. */
export function environmentNames(mask: number): Environment[] {
  return ENVIRONMENTS.filter((_, i) => (mask & (1 << i)) !== 0);
}
