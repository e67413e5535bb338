/** The next number of a project's client invoices: `INV-001`, `INV-002`… after the highest taken. */
export function nextInvoiceNumber(taken: readonly string[]): string {
  let highest = 0;
  for (const number of taken) {
    const match = /^INV-(\d+)$/i.exec(number);
    if (match) highest = Math.max(highest, Number(match[1]));
  }
  return `INV-${String(highest + 1).padStart(3, '0')}`;
}
