/**
 * /spawn/colors: the dye colour table and the colour builder (docs/PORTAL.md#dye-colours).
 * The table is the shipped file (lib/catalogue/dye-colours.ts); the builder's view is the
 * query (`r0`..`r5`, `prefix`), so without JavaScript its form loads the commands from here.
 */
import type { Metadata } from "next";
import Link from "@/components/intent-link";
import { ColourBuilder } from "@/components/spawn/colour-builder";
import { ColourTable } from "@/components/spawn/colour-table";
import { dyeColours } from "@/lib/catalogue/dye-colours";
import { parseColourView } from "@/lib/spawn/colour-command";

// Not view-link.tsx's linkStyle: a "use client" module's constants are references on the server.
const link =
  "text-amber-400 underline hover:text-amber-300 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Dye colours and SetTargetDinoColor",
  description:
    "Every dye colour id of ARK with its swatch and name, and a builder for SetTargetDinoColor commands that colour a creature's six regions.",
};

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function ColoursPage({ searchParams }: { searchParams: SearchParams }) {
  const view = parseColourView(await searchParams);
  const colours = dyeColours();
  return (
    <section className="space-y-8" aria-labelledby="colours-title">
      <header className="space-y-2">
        <h1 id="colours-title" className="text-2xl font-bold sm:text-3xl">
          Dye colours
        </h1>
        <p className="text-slate-300">
          The ids <code className="text-amber-200">SetTargetDinoColor &lt;region&gt; &lt;id&gt;</code> takes, with their
          names and colours, as ARK: Survival Ascended numbers them (ARK: Survival Evolved&apos;s own 26 dyes are not in
          this table). Ids 227 to 254 have a name but no known colour, so they have no swatch. Spawn the creature first:
          its commands are on the{" "}
          <Link href="/spawn/?tab=creatures" className={link}>
            creatures tab
          </Link>
          .
        </p>
      </header>
      <ColourBuilder colours={colours} initialView={view} />
      <section aria-labelledby="colour-table-title" className="space-y-2">
        <h2 id="colour-table-title" className="text-xl font-semibold">
          Colour ids
        </h2>
        <ColourTable colours={colours} />
      </section>
    </section>
  );
}
