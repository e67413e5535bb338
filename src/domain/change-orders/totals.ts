/** A change order's money, in whole cents: the lines, the markup on their sum, and the total. */
export interface ChangeOrderTotals {
  subtotalCents: number;
  markupCents: number;
  totalCents: number;
}

/**
 * The markup is `subtotal × basisPoints / 10000`, rounded half away from zero to the cent (so a
 * credit's markup is the mirror of the same charge's); the total is their sum, exact in cents.
 */
export function changeOrderTotals(
  lines: readonly { amountCents: number }[],
  markupBasisPoints: number,
): ChangeOrderTotals {
  const subtotalCents = lines.reduce((sum, l) => sum + l.amountCents, 0);
  const raw = (Math.abs(subtotalCents) * markupBasisPoints) / 10_000;
  const markupCents = Math.sign(subtotalCents) * Math.round(raw);
  return { subtotalCents, markupCents: markupCents || 0, totalCents: subtotalCents + (markupCents || 0) };
}

/** The project's next number: CO-001 after none, one past the highest `CO-nnn` taken. */
export function nextChangeOrderNumber(taken: readonly string[]): string {
  let highest = 0;
  for (const n of taken) {
    const match = /^CO-(\d+)$/.exec(n);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `CO-${String(highest + 1).padStart(3, '0')}`;
}
