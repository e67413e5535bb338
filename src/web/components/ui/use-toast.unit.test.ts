import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  dismissToast,
  getToasts,
  subscribeToToasts,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toast,
} from './use-toast';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  dismissToast();
  vi.runAllTimers();
  vi.useRealTimers();
});

describe('toast store', () => {
  it('keeps only the newest notice: one at a time', () => {
    toast({ title: 'Welcome back!' });
    const second = toast({
      title: 'Sign in failed',
      description: 'Invalid credentials',
      variant: 'destructive',
    });
    expect(getToasts()).toEqual([
      {
        id: second.id,
        open: true,
        title: 'Sign in failed',
        description: 'Invalid credentials',
        variant: 'destructive',
      },
    ]);
  });

  it('closes a dismissed notice, then removes it after the exit animation', () => {
    const shown = toast({ title: 'Logged out successfully' });
    shown.dismiss();
    expect(getToasts()).toMatchObject([{ id: shown.id, open: false }]);
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS);
    expect(getToasts()).toEqual([]);
  });

  it('tells subscribers about every change', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToToasts(listener);
    toast({ title: 'One' });
    dismissToast();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
    toast({ title: 'Two' });
    expect(listener).toHaveBeenCalledTimes(2);
  });

  it('lasts 5 seconds unless told otherwise', () => {
    expect(TOAST_DURATION_MS).toBe(5000);
  });
});
