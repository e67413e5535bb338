import { type ReactElement, type ReactNode, useSyncExternalStore } from 'react';

/** One notice at a time, shown for 5 s unless dismissed (or swiped away). */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** How long a closed notice stays in the list so its exit animation can run. */
export const TOAST_REMOVE_DELAY_MS = 1000;

export type ToastVariant = 'default' | 'destructive';

export interface ToastInput {
  title?: ReactNode;
  description?: ReactNode;
  /** A <ToastAction altText="…"> element. */
  action?: ReactElement;
  variant?: ToastVariant;
  /** Milliseconds before it closes by itself; defaults to TOAST_DURATION_MS. */
  duration?: number;
}

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let toasts: ToastItem[] = [];
let counter = 0;
const listeners = new Set<() => void>();
const removals = new Map<string, ReturnType<typeof setTimeout>>();

function setToasts(next: ToastItem[]): void {
  toasts = next;
  for (const listener of listeners) listener();
}

function scheduleRemoval(id: string): void {
  if (removals.has(id)) return;
  removals.set(
    id,
    setTimeout(() => {
      removals.delete(id);
      setToasts(toasts.filter((t) => t.id !== id));
    }, TOAST_REMOVE_DELAY_MS),
  );
}

/** Closes one notice, or all of them when no id is given. */
export function dismissToast(id?: string): void {
  setToasts(toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t)));
  for (const t of toasts) if (id === undefined || t.id === id) scheduleRemoval(t.id);
}

/** Shows a notice, replacing the one on screen (only TOAST_LIMIT show at once). */
export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  const item: ToastItem = { ...input, id, open: true };
  setToasts([item, ...toasts].slice(0, TOAST_LIMIT));
  return { id, dismiss: () => dismissToast(id) };
}

/** Calls `listener` whenever the notices change; returns the unsubscribe function. */
export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notices in the store right now (closed ones linger briefly for their exit animation). */
export const getToasts = (): readonly ToastItem[] => toasts;

/** The notices on screen, plus `toast()` and `dismiss()`. */
export function useToast() {
  const current = useSyncExternalStore(subscribeToToasts, getToasts, getToasts);
  return { toasts: current, toast, dismiss: dismissToast };
}
