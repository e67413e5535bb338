/** A native select with the look of the app's inputs, and a clear focus ring (keyboard users). */
export const SELECT_CLASS =
  'h-10 w-full min-w-0 rounded-md border border-input bg-background px-2 py-2 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 sm:h-9 sm:text-sm';
