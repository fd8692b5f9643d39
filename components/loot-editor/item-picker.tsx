"use client";
/**
 * Picking an item by typing its name: a combobox (ARIA 1.2 pattern: arrow keys move
 * through the options, Enter picks, Escape closes) over the catalogue search at
 * /documents/items.json, asked as the text changes (after a short pause; answers are
 * kept per text for the page's life). Each option shows the item's name, its mod (or the
 * base game) and its class. Text that is a class ("..._C") or a blueprint path can be
 * used as it is, for items of mods not registered here.
 */
import { useEffect, useId, useRef, useState } from "react";
import { input } from "@/components/dashboard/styles";
import { itemOrigin, type CatalogueItem } from "@/lib/catalogue/catalogue-item";
import { classOf } from "@/lib/engrams/class-of";
import { countOf } from "@/lib/portal/format";

export type PickedItem = { class: string; path: string; item?: CatalogueItem };

const answers = new Map<string, CatalogueItem[]>();

async function search(q: string, signal: AbortSignal): Promise<CatalogueItem[]> {
  const known = answers.get(q);
  if (known) return known;
  const res = await fetch(`/documents/items.json?q=${encodeURIComponent(q)}`, { signal });
  if (!res.ok) throw new Error(`The item search answered ${res.status}.`);
  const items = ((await res.json()) as { items: CatalogueItem[] }).items;
  answers.set(q, items);
  return items;
}

const NO_RESULTS: CatalogueItem[] = [];

/** The typed text as an item of its own, when it names one. */
function typedItem(text: string): PickedItem | undefined {
  const t = text.trim();
  if (/^\/[^\s"']+\.[^\s"'./]+$/.test(t)) return { class: classOf(t), path: t };
  if (/^[A-Za-z0-9_]+_C$/.test(t)) return { class: t, path: "" };
  return undefined;
}

export function ItemPicker({ id, label, onPick }: { id: string; label: string; onPick: (item: PickedItem) => void }) {
  const listId = useId();
  const [text, setText] = useState("");
  const [found, setFound] = useState<CatalogueItem[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [searchStatus, setSearchStatus] = useState("");
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const q = text.trim();
  // An empty box shows no result and says nothing, whatever the last search found.
  const results = q ? found : NO_RESULTS;
  const status = q ? searchStatus : "";

  useEffect(() => {
    if (timer.current) clearTimeout(timer.current);
    if (!q) return;
    const abort = new AbortController();
    timer.current = setTimeout(() => {
      setSearchStatus("Searching…");
      search(q, abort.signal)
        .then((items) => {
          setFound(items);
          setActive(0);
          setSearchStatus(
            items.length === 0
              ? "No item of the catalogue matches."
              : items.length === 20
                ? `${items.length}+ items`
                : countOf(items.length, "item", "items"),
          );
        })
        .catch((err: Error) => {
          if (err.name !== "AbortError") setSearchStatus(err.message);
        });
    }, 150);
    return () => abort.abort();
  }, [q]);

  const typed = typedItem(text);
  const options: PickedItem[] = [
    ...results.map((item) => ({ class: item.class, path: item.path, item })),
    ...(typed ? [typed] : []),
  ];
  const expanded = open && options.length > 0;

  function pick(option: PickedItem | undefined) {
    if (!option) return;
    onPick(option);
    setText("");
    setFound([]);
    setOpen(false);
  }

  return (
    <div className="relative min-w-0">
      <label htmlFor={id} className="text-xs font-medium text-slate-300">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded ? `${listId}-${active}` : undefined}
        aria-describedby={`${id}-status`}
        placeholder="Type an item's name, class or path"
        value={text}
        onChange={(e) => {
          setText(e.target.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={(e) => {
          if (e.key === "ArrowDown" || e.key === "ArrowUp") {
            e.preventDefault();
            setOpen(true);
            if (options.length > 0)
              setActive((a) => (a + (e.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
          } else if (e.key === "Enter") {
            e.preventDefault();
            if (expanded) pick(options[Math.min(active, options.length - 1)]);
          } else if (e.key === "Escape" && expanded) {
            e.preventDefault();
            e.stopPropagation();
            setOpen(false);
          }
        }}
        className={`${input} py-1`}
      />
      <span id={`${id}-status`} className="sr-only" aria-live="polite">
        {status}
      </span>
      <ul
        id={listId}
        role="listbox"
        aria-label={`${label}: matches`}
        hidden={!expanded}
        className="absolute left-0 right-0 z-20 mt-1 max-h-72 overflow-y-auto rounded border border-slate-600 bg-slate-900 shadow-lg"
      >
        {options.map((o, i) => (
          <li
            key={`${o.path}|${o.class}|${i}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            // mousedown, not click: the input must not lose focus (and close the list) first
            onMouseDown={(e) => {
              e.preventDefault();
              pick(o);
            }}
            onMouseEnter={() => setActive(i)}
            className={`cursor-pointer px-2 py-1.5 text-sm ${i === active ? "bg-slate-700" : ""}`}
          >
            {o.item ? (
              <>
                <span className="font-medium text-slate-100">{o.item.label}</span>
                {o.item.tag && (
                  <span className="ml-2 inline-block rounded border border-slate-600 px-1.5 text-xs text-slate-300">
                    {o.item.tag}
                  </span>
                )}
                <span className="text-xs text-slate-400"> · {itemOrigin(o.item)}</span>
                <span className="block break-all font-mono text-xs text-slate-400">{o.item.class}</span>
              </>
            ) : (
              <>
                Use <span className="break-all font-mono">{o.path || o.class}</span> as typed
                <span className="block text-xs text-slate-400">not in the catalogue: checked by the game only</span>
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
