"use client";
/** One item set: name, weight (and its chance per set roll), item counts, its entries. */
import { secondaryButton } from "@/components/dashboard/styles";
import { insertPart, setFields } from "@/lib/loot/edit-document";
import type { LootItemSet } from "@/lib/loot/loot-document";
import { newEntry } from "@/lib/loot/new-loot";
import type { ItemSetChance } from "@/lib/loot/roll-chances";
import { percent } from "@/lib/loot/shares";
import { partId, useEditor } from "./editor-context";
import { EntryEditor } from "./entry-editor";
import { CheckField, IssueLines, NumberField, TextField } from "./fields";
import { PartActions } from "./part-actions";

export function ItemSetEditor({
  path,
  set,
  count,
  chance,
}: {
  path: [number, number];
  set: LootItemSet;
  count: number;
  chance: ItemSetChance;
}) {
  const api = useEditor();
  const pid = partId(path);
  const name = `item set ${set.label ? `“${set.label}”` : path[1] + 1}`;
  return (
    <li
      id={pid}
      className="space-y-3 rounded-lg border border-slate-700 bg-slate-900/40 p-3"
      data-testid="loot-set"
      aria-label={`Item set ${path[1] + 1}: ${set.label}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold">
          {set.label || "(unnamed set)"}
          <span className="font-normal text-slate-400" data-testid="loot-set-chance">
            {" "}
            · picked in {percent(chance.chance)} of set rolls
          </span>
        </h4>
        <PartActions path={path} count={count} name={name} />
      </div>
      <IssueLines id={`${pid}-issues`} issues={api.issues(path)} />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <TextField
          pid={pid}
          path={path}
          field="label"
          label="Set name"
          value={set.label}
          onChange={(label) => (doc) => setFields(doc, path, { label })}
          className="col-span-2 sm:col-span-3 lg:col-span-2"
        />
        <NumberField
          pid={pid}
          path={path}
          field="weight"
          label="Set weight"
          value={set.weight}
          onChange={(weight) => (doc) => setFields(doc, path, { weight })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="minItems"
          label="Min items"
          value={set.minItems}
          onChange={(minItems) => (doc) => setFields(doc, path, { minItems })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="maxItems"
          label="Max items"
          value={set.maxItems}
          onChange={(maxItems) => (doc) => setFields(doc, path, { maxItems })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="itemsPower"
          label="Items power"
          value={set.itemsPower}
          onChange={(itemsPower) => (doc) => setFields(doc, path, { itemsPower })}
        />
      </div>
      <CheckField
        pid={pid}
        path={path}
        field="itemsRandomWithoutReplacement"
        label="Each entry at most once per roll (without replacement)"
        value={set.itemsRandomWithoutReplacement}
        onChange={(v) => (doc) => setFields(doc, path, { itemsRandomWithoutReplacement: v })}
      />
      <ol className="space-y-2" aria-label={`Entries of ${name}`}>
        {set.entries.map((entry, e) => (
          <EntryEditor
            key={api.keyOf(entry)}
            path={[...path, e]}
            entry={entry}
            count={set.entries.length}
            chance={chance.entries[e]!}
          />
        ))}
      </ol>
      <button
        type="button"
        id={`${pid}-add`}
        className={`${secondaryButton} text-xs`}
        onClick={() => {
          api.edit((doc) => insertPart(doc, path, newEntry()));
          api.focusLater(`${partId([...path, set.entries.length])}-pick`);
        }}
      >
        Add entry to {set.label ? `“${set.label}”` : "this set"}
      </button>
    </li>
  );
}
