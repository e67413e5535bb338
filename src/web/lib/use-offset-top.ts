import { type RefObject, useCallback, useLayoutEffect, useState } from 'react';

/**
 * How far an element starts below the top of the page: a window-scrolled list counts its scroll
 * from there. Read after every render, and again whenever the page changes size (content above the
 * list that loads or grows on its own, such as a notice or a panel's data).
 */
export function useOffsetTop(ref: RefObject<HTMLElement | null>): number {
  const [top, setTop] = useState(0);
  const measure = useCallback(() => {
    const el = ref.current;
    if (el) setTop(Math.round(el.getBoundingClientRect().top + window.scrollY));
  }, [ref]);
  useLayoutEffect(measure);
  useLayoutEffect(() => {
    const observer = new ResizeObserver(measure);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [measure]);
  return top;
}
