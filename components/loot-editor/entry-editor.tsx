"use client";
/**
 * One item entry: its items (named from the catalogue, with their mod; weight and share
 * each), an item picker to add more, its weight, quantities, quality tiers by name and
 * blueprint chance, and the chances the game gives it.
 */
import { secondaryButton } from "@/components/dashboard/styles";
import { itemOrigin } from "@/lib/catalogue/catalogue-item";
import { insertPart, removePart, setFields } from "@/lib/loot/edit-document";
import { entryBlueprintChance } from "@/lib/loot/game-ini";
import type { LootEntry, LootItem } from "@/lib/loot/loot-document";
import { newItem } from "@/lib/loot/new-loot";
import { QUALITY_TIERS, qualityName, type QualityTier } from "@/lib/loot/quality";
import type { EntryChance } from "@/lib/loot/roll-chances";
import { percent } from "@/lib/loot/shares";
import { partId, useEditor } from "./editor-context";
import { IssueLines, NumberField, SelectField } from "./fields";
import { ItemPicker } from "./item-picker";
import { PartActions } from "./part-actions";

const tiers = QUALITY_TIERS.map((t) => ({ value: t, label: qualityName(t) }));

function ItemRow({
  path,
  item,
  chance,
  overall,
  count,
}: {
  path: [number, number, number, number];
  item: LootItem;
  chance: number;
  overall: number;
  count: number;
}) {
  const api = useEditor();
  const known = api.lookup(item);
  const pid = partId(path);
  const name = known?.label ?? (item.class || item.path || "(no item)");
  const issues = [...api.issues(path), ...api.issues(path, "class"), ...api.issues(path, "path")];
  return (
    <li
      id={pid}
      className="flex flex-wrap items-end gap-2 border-t border-slate-800 pt-1.5 first:border-t-0 first:pt-0"
      data-testid="loot-item"
    >
      <div className="min-w-48 flex-1 text-sm">
        <span
          className={known ? "font-medium text-slate-100" : "break-all font-mono text-slate-300"}
          data-testid="loot-item-name"
        >
          {name}
        </span>
        <span className="text-xs text-slate-400">{known ? ` · ${itemOrigin(known)}` : " · not in the catalogue"}</span>
        <span className="block text-xs text-slate-400" data-testid="loot-item-chance">
          {count > 1 ? `${percent(chance)} of this entry · ` : ""}
          {percent(overall)} of a crate roll
        </span>
        <IssueLines id={`${pid}-issues`} issues={issues} />
      </div>
      <NumberField
        pid={pid}
        path={path}
        field="weight"
        label="Item weight"
        value={item.weight}
        onChange={(weight) => (doc) => setFields(doc, path, { weight })}
        className="w-24"
      />
      <button
        type="button"
        id={`${pid}-remove`}
        className={`${secondaryButton} px-2 py-1 text-xs text-rose-200`}
        aria-label={`Remove item ${name}`}
        onClick={() => {
          api.edit((doc) => removePart(doc, path));
          api.focusLater(`${partId(path.slice(0, -1))}-pick`);
        }}
      >
        Remove
      </button>
    </li>
  );
}

export function EntryEditor({
  path,
  entry,
  count,
  chance,
}: {
  path: [number, number, number];
  entry: LootEntry;
  count: number;
  chance: EntryChance;
}) {
  const api = useEditor();
  const pid = partId(path);
  const written = entryBlueprintChance(entry, (i) => api.lookup(i)?.canBlueprint ?? true);
  const title = `entry ${path[2] + 1}`;
  return (
    <li
      id={pid}
      className="space-y-2 rounded border border-slate-800 p-2"
      data-testid="loot-entry"
      aria-label={`Entry ${path[2] + 1}`}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-medium">
          Entry {path[2] + 1}
          <span className="font-normal text-slate-400" data-testid="loot-entry-chance">
            {" "}
            · {percent(chance.chance)} of this set&apos;s rolls · {percent(chance.overall)} of a crate roll
          </span>
        </p>
        <PartActions path={path} count={count} name={title} />
      </div>
      <IssueLines id={`${pid}-issues`} issues={api.issues(path)} />
      <ul className="space-y-1.5" aria-label={`Items of ${title}`}>
        {entry.items.map((item, i) => (
          <ItemRow
            key={api.keyOf(item)}
            path={[...path, i]}
            item={item}
            chance={chance.items[i]?.chance ?? 0}
            overall={chance.items[i]?.overall ?? 0}
            count={entry.items.length}
          />
        ))}
      </ul>
      <ItemPicker
        id={`${pid}-pick`}
        label={entry.items.length === 0 ? "Item" : "Add another item (the entry gives one of them)"}
        onPick={(picked) => {
          if (picked.item) api.remember(picked.item);
          api.edit((doc) => insertPart(doc, path, newItem(picked)));
        }}
      />
      <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-6">
        <NumberField
          pid={pid}
          path={path}
          field="weight"
          label="Entry weight"
          value={entry.weight}
          onChange={(weight) => (doc) => setFields(doc, path, { weight })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="minQuantity"
          label="Min quantity"
          value={entry.minQuantity}
          onChange={(minQuantity) => (doc) => setFields(doc, path, { minQuantity })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="maxQuantity"
          label="Max quantity"
          value={entry.maxQuantity}
          onChange={(maxQuantity) => (doc) => setFields(doc, path, { maxQuantity })}
        />
        <SelectField<QualityTier>
          pid={pid}
          path={path}
          field="minQuality"
          label="Min quality"
          value={entry.minQuality}
          options={tiers}
          onChange={(minQuality) => (doc) => setFields(doc, path, { minQuality })}
        />
        <SelectField<QualityTier>
          pid={pid}
          path={path}
          field="maxQuality"
          label="Max quality"
          value={entry.maxQuality}
          options={tiers}
          onChange={(maxQuality) => (doc) => setFields(doc, path, { maxQuality })}
        />
        <NumberField
          pid={pid}
          path={path}
          field="blueprintChance"
          label="Blueprint chance (%)"
          scale={100}
          value={entry.blueprintChance}
          onChange={(blueprintChance) => (doc) => setFields(doc, path, { blueprintChance })}
        />
      </div>
      {Number.isFinite(entry.blueprintChance) &&
        entry.blueprintChance > 0 &&
        written === 0 &&
        entry.items.length > 0 && (
          <p className="text-xs text-slate-400">
            None of these items can be a blueprint, so the game is given a blueprint chance of 0%.
          </p>
        )}
    </li>
  );
}
