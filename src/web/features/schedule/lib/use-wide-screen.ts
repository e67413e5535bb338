import { useSyncExternalStore } from 'react';

/** Tailwind's `md` breakpoint: from here the week and month views are grids, below it lists. */
const QUERY = '(min-width: 768px)';

function subscribe(onChange: () => void) {
  const list = window.matchMedia(QUERY);
  list.addEventListener('change', onChange);
  return () => list.removeEventListener('change', onChange);
}

/** Whether the screen is wide enough for a calendar grid (follows resizes). */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(QUERY).matches,
    () => true,
  );
}
