import { type KeyboardEvent, type PointerEvent, useEffect, useRef, useState } from 'react';
import { clampProgress } from '@/domain/tasks';
import { cn } from '@/web/lib/utils';

/** A drag on the progress bar is debounced 150 ms before saving; releasing saves at once. */
export const PROGRESS_SAVE_DEBOUNCE_MS = 150;

const KEY_STEPS: Record<string, (v: number) => number> = {
  ArrowRight: (v) => v + 1,
  ArrowUp: (v) => v + 1,
  ArrowLeft: (v) => v - 1,
  ArrowDown: (v) => v - 1,
  PageUp: (v) => v + 10,
  PageDown: (v) => v - 10,
  Home: () => 0,
  End: () => 100,
};

/**
 * An interactive progress bar (an ARIA slider). Clicking sets the clicked percentage and saves at
 * once; dragging shows the value as it moves and saves 150 ms after the pointer stops, and again at
 * once on release; arrow keys (±1), Page Up/Down (±10), Home and End change it from the keyboard,
 * saved after the same pause. `onCommit` saves; until it settles the bar shows the value chosen, and
 * afterwards whatever `value` is then (so a failed save snaps back).
 */
export function ProgressSlider({
  value,
  onCommit,
  label,
  className,
  debounceMs = PROGRESS_SAVE_DEBOUNCE_MS,
  disabled = false,
}: {
  value: number;
  onCommit: (value: number) => Promise<unknown>;
  label: string;
  className?: string;
  debounceMs?: number;
  disabled?: boolean;
}) {
  const [draft, setDraft] = useState<number | null>(null);
  const trackRef = useRef<HTMLDivElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dragging = useRef(false);
  const inFlight = useRef(0);
  const shown = clampProgress(draft ?? value);

  useEffect(() => () => clearTimeout(timer.current), []);

  const settle = () => {
    inFlight.current -= 1;
    if (inFlight.current === 0 && !dragging.current && timer.current === undefined) setDraft(null);
  };
  const commit = (v: number) => {
    clearTimeout(timer.current);
    timer.current = undefined;
    inFlight.current += 1;
    onCommit(v).then(settle, settle);
  };
  const schedule = (v: number) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => commit(v), debounceMs);
  };

  const valueAt = (clientX: number) => {
    const rect = trackRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return shown;
    return clampProgress(((clientX - rect.left) / rect.width) * 100);
  };

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (disabled || e.button !== 0) return;
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture?.(e.pointerId);
    e.currentTarget.focus();
    dragging.current = true;
    setDraft(valueAt(e.clientX));
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    const v = valueAt(e.clientX);
    if (v === draft) return;
    setDraft(v);
    schedule(v);
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    if (!dragging.current) return;
    e.stopPropagation();
    dragging.current = false;
    const v = valueAt(e.clientX);
    setDraft(v);
    commit(v);
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const step = KEY_STEPS[e.key];
    if (disabled || !step) return;
    e.preventDefault();
    e.stopPropagation();
    const v = clampProgress(step(shown));
    setDraft(v);
    schedule(v);
  };

  return (
    <div
      role="slider"
      tabIndex={disabled ? -1 : 0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={shown}
      aria-valuetext={`${shown}%`}
      aria-disabled={disabled || undefined}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onKeyDown={onKeyDown}
      onClick={(e) => e.stopPropagation()}
      className={cn(
        'group relative flex h-6 cursor-pointer touch-none items-center rounded-full outline-none select-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2',
        disabled && 'cursor-default',
        className,
      )}
    >
      <div ref={trackRef} className="relative h-2.5 w-full overflow-hidden rounded-full bg-secondary-hover">
        <div className="h-full rounded-full bg-primary" style={{ width: `${shown}%` }} />
      </div>
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-primary bg-background opacity-0 shadow transition-opacity group-hover:opacity-100 group-focus-visible:opacity-100"
        style={{ left: `${shown}%` }}
      />
    </div>
  );
}
