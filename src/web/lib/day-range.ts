/**
 * A span of calendar days as the screens write it: both ends the same way, the year once at the end
 * ("Dec 5 – Dec 25, 2026"), on both ends when the span crosses a year ("Dec 29, 2026 – Jan 18,
 * 2027"). Days are `YYYY-MM-DD` calendar days, shown as that day wherever the viewer is.
 */
const utc = { timeZone: 'UTC' } as const;
const monthDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric' });
const monthDayYear = new Intl.DateTimeFormat('en-US', {
  ...utc,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
});

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** "Dec 5 – Dec 25, 2026"; one day alone is "Dec 5, 2026". */
export function formatDayRange(from: string, to: string): string {
  if (from === to) return monthDayYear.format(at(from));
  const start =
    from.slice(0, 4) === to.slice(0, 4) ? monthDay.format(at(from)) : monthDayYear.format(at(from));
  return `${start} – ${monthDayYear.format(at(to))}`;
}
