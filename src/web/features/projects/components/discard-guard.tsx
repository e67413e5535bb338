/**
 * A form dialog's two rules about closing: Escape closes the innermost open layer only (an open list
 * of suggestions inside the dialog closes, not the dialog), and a dialog holding typed content asks
 * before discarding it.
 */
import { useState } from 'react';
import { ConfirmDialog } from './confirm-dialog';

/**
 * For a dialog's `onEscapeKeyDown`: the dialog hears Escape before the field that has focus, so
 * while that field's own popup is open (a combobox's list) the dialog stays and the field closes it.
 */
export function keepOpenForInnerLayer(event: KeyboardEvent) {
  const target = event.target;
  if (target instanceof HTMLElement && target.closest('[aria-expanded="true"]')) event.preventDefault();
}

export interface DiscardGuard {
  /** Closes at once when nothing would be lost, else asks first. */
  attempt: (close: () => void) => void;
  asking: boolean;
  keep: () => void;
  discard: () => void;
}

export function useDiscardGuard(hasContent: () => boolean): DiscardGuard {
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);
  return {
    attempt: (close) => (hasContent() ? setPendingClose(() => close) : close()),
    asking: pendingClose !== null,
    keep: () => setPendingClose(null),
    discard: () => {
      const close = pendingClose;
      setPendingClose(null);
      close?.();
    },
  };
}

/** "Discard the new project?": Cancel goes back to the form, Discard closes it. */
export function DiscardDialog({ guard, what }: { guard: DiscardGuard; what: string }) {
  return (
    <ConfirmDialog
      open={guard.asking}
      onOpenChange={(open) => (open ? undefined : guard.keep())}
      title={`Discard ${what}?`}
      description="What you typed will be lost."
      confirmLabel="Discard"
      pendingLabel="Discarding..."
      pending={false}
      onConfirm={guard.discard}
    />
  );
}
