/** Shared Tailwind classes of the dashboard, matching the portal's look. */
export const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
export const input = `w-full rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-sm ${focus}`;
export const label = "text-sm font-medium text-slate-200";
export const primaryButton = `rounded bg-amber-400 px-3 py-1.5 text-sm font-semibold text-slate-950 hover:bg-amber-300 disabled:opacity-60 ${focus}`;
export const secondaryButton = `rounded bg-slate-800 px-3 py-1.5 text-sm hover:bg-slate-700 disabled:opacity-60 ${focus}`;
export const dangerButton = `rounded bg-rose-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-rose-600 disabled:opacity-60 ${focus}`;
export const card = "space-y-3 rounded-lg border border-slate-800 bg-slate-900/60 p-4";
