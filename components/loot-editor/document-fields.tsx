"use client";
/** The document's own fields: title, description, maps, difficulty. */
import { setFields } from "@/lib/loot/edit-document";
import type { LootDocument } from "@/lib/loot/loot-document";
import { NumberField, TextField } from "./fields";
import { MapChecks } from "./map-checks";

export function DocumentFields({ doc }: { doc: LootDocument }) {
  const pid = "loot-doc";
  return (
    <section
      aria-labelledby="loot-document-heading"
      className="space-y-3 rounded-lg border border-slate-800 p-3 sm:p-4"
      id={pid}
    >
      <h2 id="loot-document-heading" className="text-lg font-semibold">
        Document
      </h2>
      <div className="grid gap-3 sm:grid-cols-[1fr_10rem]">
        <TextField
          pid={pid}
          path={[]}
          field="title"
          label="Title"
          value={doc.title}
          onChange={(title) => (d) => setFields(d, [], { title })}
        />
        <NumberField
          pid={pid}
          path={[]}
          field="difficulty"
          label="Difficulty (DifficultyValue)"
          value={doc.difficulty}
          onChange={(difficulty) => (d) => setFields(d, [], { difficulty })}
        />
      </div>
      <TextField
        pid={pid}
        path={[]}
        field="description"
        label="Description"
        multiline
        value={doc.description}
        onChange={(description) => (d) => setFields(d, [], { description })}
      />
      <MapChecks
        id={`${pid}-maps`}
        legend="Maps"
        mask={doc.maps}
        onChange={(maps) => (d) => setFields(d, [], { maps })}
      />
    </section>
  );
}
