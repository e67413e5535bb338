/**
 * CSV cells by RFC 4180, and the guard against spreadsheet formula injection: the one place every
 * CSV download of the product quotes and defuses its fields.
 */

/** Quotes a field holding a comma, quote or line break, doubling its quotes. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/**
 * A user's text: defused with a leading `'` if a spreadsheet would read it as a formula (it starts
 * with =, +, -, @, tab or CR), then quoted as needed.
 */
export function textCell(value: string): string {
  return csvCell(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}
