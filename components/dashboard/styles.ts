/**
 * Shared Tailwind classes of the dashboard, matching the portal's look. Phone first:
 * controls are 44 px tall below the sm breakpoint (a thumb's target) and fields use
 * 16 px text there (smaller text makes mobile browsers zoom into the field).
 */
export const focus = "focus:outline-none focus-visible:ring-2 focus-visible:ring-amber-400";
export const input = `w-full min-h-11 rounded border border-slate-600 bg-slate-900 px-2 py-1.5 text-base sm:min-h-0 sm:text-sm ${focus}`;
export const label = "text-sm font-medium text-slate-200";
const button = "min-h-11 rounded px-3 py-1.5 text-sm sm:min-h-0 disabled:opacity-60";
export const primaryButton = `${button} bg-amber-400 font-semibold text-slate-950 hover:bg-amber-300 ${focus}`;
export const secondaryButton = `${button} bg-slate-800 hover:bg-slate-700 ${focus}`;
export const dangerButton = `${button} bg-rose-700 font-semibold text-white hover:bg-rose-600 ${focus}`;
export const card = "space-y-3 rounded-lg border border-slate-800 bg-slate-900/60 p-4";
