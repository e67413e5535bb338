import { formatMoney } from '@/web/lib/format';

/** An amount in the document's currency when the reader found one, else as a plain figure. */
export function formatAmount(value: number | null, currency: string | null): string {
  if (value === null) return '—';
  if (currency) return formatMoney(value, currency);
  return value.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 });
}
