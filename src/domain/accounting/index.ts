export { centsText, type DateOrder, dayText, numericToCents } from './amounts.js';
export { nextInvoiceNumber } from './invoice-number.js';
