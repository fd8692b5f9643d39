/**
 * The colour builder (docs/PORTAL.md#dye-colours): `cheat SetTargetDinoColor <region>
 * <colour id>` paints one colour region (0-5) of the creature the admin looks at. A view
 * picks a colour for any of the six regions (none: that region is left as it is) and
 * gets one command per region, plus all of them on one line joined by ` | `, the
 * console's separator for several commands at once. The view lives in the URL (`r0`..`r5`,
 * `prefix`) so the builder works as a plain GET form without JavaScript and a link
 * restores it. Ids are kept as typed and checked against the colour table: a wrong one
 * says why and gives no command, never one the reader did not ask for.
 * Pure: safe to import from client components.
 */
import type { SpawnPrefix } from "./spawn-view";

export const COLOUR_REGIONS = [0, 1, 2, 3, 4, 5] as const;

export interface ColourView {
  /** per region 0-5, the colour id as typed; "" leaves the region as it is */
  regions: string[];
  prefix: SpawnPrefix;
}

export const DEFAULT_COLOUR_VIEW: ColourView = { regions: COLOUR_REGIONS.map(() => ""), prefix: "cheat" };

export interface ColourChoice {
  region: number;
  colour: number;
}

export interface ColourCheck {
  /** the regions given a known colour, in region order */
  choices: ColourChoice[];
  /** what is wrong with a region's id, by region */
  errors: Record<number, string>;
}

type Query = URLSearchParams | Record<string, string | string[] | undefined>;

function first(query: Query, name: string): string | undefined {
  const v = query instanceof URLSearchParams ? query.get(name) : query[name];
  return (Array.isArray(v) ? v[0] : v) ?? undefined;
}

export const regionParam = (region: number) => `r${region}`;

/** Lenient like the spawn page's view: an unknown prefix is `cheat`; ids are kept as typed (checkColourView says what is wrong). */
export function parseColourView(query: Query): ColourView {
  return {
    regions: COLOUR_REGIONS.map((r) => (first(query, regionParam(r)) ?? "").trim().slice(0, 12)),
    prefix: first(query, "prefix") === "admincheat" ? "admincheat" : "cheat",
  };
}

/** The view's query string: only regions with a colour, and the prefix when it is not the default. */
export function colourViewQuery(view: ColourView): string {
  const p = new URLSearchParams();
  view.regions.forEach((id, r) => {
    if (id !== "") p.set(regionParam(r), id);
  });
  if (view.prefix !== DEFAULT_COLOUR_VIEW.prefix) p.set("prefix", view.prefix);
  const s = p.toString();
  return s ? `?${s}` : "";
}

/** Each region's id checked against the ids of the colour table. */
export function checkColourView(view: ColourView, isColour: (id: number) => boolean): ColourCheck {
  const choices: ColourChoice[] = [];
  const errors: Record<number, string> = {};
  view.regions.forEach((text, region) => {
    if (text === "") return;
    const id = Number(text);
    if (!/^\d+$/.test(text)) errors[region] = `Region ${region}: “${text}” is not a colour id; ids are whole numbers.`;
    else if (!isColour(id)) errors[region] = `Region ${region}: no dye colour has id ${id} (see the table).`;
    else choices.push({ region, colour: id });
  });
  return { choices, errors };
}

export function colourCommand(region: number, colour: number, prefix: SpawnPrefix): string {
  return `${prefix} SetTargetDinoColor ${region} ${colour}`;
}

export function colourCommands(choices: readonly ColourChoice[], prefix: SpawnPrefix): string[] {
  return choices.map((c) => colourCommand(c.region, c.colour, prefix));
}

/** Several console commands run at once: the console splits its line at `|`, each with its own prefix. */
export const oneLine = (commands: readonly string[]) => commands.join(" | ");
