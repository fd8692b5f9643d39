/**
 * The /documents search form, phone first: the words box and its button always in view;
 * the map and author filters behind one "Filters" disclosure that says how many are set
 * (a plain <details>: no JavaScript needed). From the sm breakpoint the disclosure is
 * not there: its fields sit in the same row (.filters-panel in app/globals.css). One GET
 * form: the whole query stays in the URL, fields in the order q, map, author.
 */
import { DOCUMENT_MAPS } from "@/lib/loot/maps";
import type { ParsedDocumentListQuery } from "@/lib/documents/document-listing";

const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
// 44 px tall on a phone (a thumb's target), the compact size from sm up; 16 px text on a
// phone so mobile browsers do not zoom into the field.
const field = `min-h-11 rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-base sm:min-h-0 sm:text-sm ${focus}`;
const label = "text-xs font-medium text-slate-300";

export function DocumentFilters({
  q,
  activeFilters,
  authorText,
}: {
  q: ParsedDocumentListQuery;
  activeFilters: number;
  authorText: string;
}) {
  return (
    <form
      method="get"
      action="/documents"
      role="search"
      className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
    >
      {q.sort !== "updated" && <input type="hidden" name="sort" value={q.sort} />}
      {q.item && <input type="hidden" name="item" value={q.item} />}
      <div className="flex min-w-0 flex-col gap-1 sm:w-64">
        <label htmlFor="q" className={label}>
          Words in name or description
        </label>
        <div className="flex gap-2">
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={q.q ?? ""}
            placeholder='e.g. scorched "boss loot"'
            maxLength={200}
            className={`${field} min-w-0 flex-1`}
          />
          <button
            type="submit"
            className={`min-h-11 shrink-0 rounded bg-amber-400 px-4 text-sm font-semibold text-slate-950 hover:bg-amber-300 sm:hidden ${focus}`}
          >
            Search
          </button>
        </div>
      </div>
      <details className="filters-panel group rounded border border-slate-800 sm:border-0">
        <summary
          className={`flex min-h-11 cursor-pointer list-none items-center justify-between px-3 text-sm font-medium ${focus}`}
        >
          <span>
            Filters
            {activeFilters > 0 && (
              <span className="ml-2 rounded-full bg-amber-400 px-2 py-0.5 text-xs font-semibold text-slate-950">
                {activeFilters} active
              </span>
            )}
          </span>
          <span aria-hidden="true" className="text-slate-400 transition-transform group-open:rotate-90">
            ▸
          </span>
        </summary>
        <div className="grid gap-3 border-t border-slate-800 p-3 sm:flex sm:items-end sm:gap-2 sm:border-0 sm:p-0">
          <div className="flex flex-col gap-1">
            <label htmlFor="map" className={label}>
              Map
            </label>
            <select id="map" name="map" defaultValue={q.map ?? ""} className={field}>
              <option value="">Any map</option>
              {DOCUMENT_MAPS.map((m) => (
                <option key={m.key} value={m.key}>
                  {m.name}
                </option>
              ))}
            </select>
          </div>
          <div className="flex min-w-0 flex-col gap-1">
            <label htmlFor="author" className={label}>
              Author (name or user id)
            </label>
            <input
              id="author"
              name="author"
              defaultValue={authorText}
              placeholder="a name or xxxxxxxx-xxxx-…"
              className={`${field} sm:w-72`}
            />
          </div>
          <button
            type="submit"
            className={`min-h-11 rounded bg-slate-800 px-3 text-sm hover:bg-slate-700 sm:min-h-0 sm:py-1.5 ${focus}`}
          >
            <span className="sm:hidden">Apply filters</span>
            <span className="hidden sm:inline">Search</span>
          </button>
        </div>
      </details>
    </form>
  );
}
