/** Names and classes the spawn page's form controls share (the GET form is the search bar's). */
export const FORM_ID = "spawn-form";
export const FILTERS_ID = "spawn-filters";
export const field =
  "rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm text-slate-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
export const caption = "text-xs font-medium text-slate-300";
