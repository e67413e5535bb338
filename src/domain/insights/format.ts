/** Wording helpers shared by the insight rules. */

export { formatAmounts, formatMoney } from '../money/index.js';

/** `1 working day`, `3 working days`. */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** `"A"`, `"A" and "B"`, `"A", "B" and 2 more`. */
export function quotedList(names: readonly string[], shown = 3): string {
  const quoted = names.slice(0, shown).map((n) => `"${n}"`);
  const more = names.length - quoted.length;
  if (more > 0) return `${quoted.join(', ')} and ${more} more`;
  if (quoted.length <= 1) return quoted.join('');
  return `${quoted.slice(0, -1).join(', ')} and ${quoted[quoted.length - 1]}`;
}

/** A whole percentage, `42%`. */
export function percent(value: number): string {
  return `${Math.round(value)}%`;
}
