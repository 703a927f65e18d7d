/** Native selects, checkboxes and date fields keep their keyboard and screen-reader behaviour; this only styles them. */
export const selectClass =
  'h-10 rounded-md border border-slate-400 bg-white px-3 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
export const checkboxClass =
  'size-4 rounded border-slate-400 accent-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
export const dateClass =
  'h-9 w-full rounded-md border border-slate-400 bg-white px-2 text-sm text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 aria-[invalid=true]:border-red-700';
