/** Whole cents shown in their currency with two decimals (`$1,234.56`). */
export function centsMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency}`;
  }
}

/**
 * An amount as typed (`1,234.5`, `$20`) in whole cents, read from its digits (never through a
 * float); null when it is not an amount with at most two decimals.
 */
export function typedCents(text: string): number | null {
  const match = /^(\d+)(?:\.(\d{0,2}))?$/.exec(text.replace(/[\s,$€£]/g, ''));
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}
