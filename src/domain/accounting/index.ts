export { centsText, type DateOrder, dayText, numericToCents } from './amounts.js';
export {
  QBO_BILLS_HEADER,
  QBO_CUSTOMERS_HEADER,
  writeQboBills,
  writeQboCustomers,
  writeXeroBills,
  XERO_BILLS_HEADER,
} from './csv-formats.js';
export {
  type AccountingNames,
  type CostCodeNames,
  defaultCustomerJob,
  type ExportBill,
  type ExportCheck,
  type ExportCustomer,
  type ExportFormat,
  type ExportInvoice,
  inPeriod,
  type PreparedExport,
  prepareExport,
  type SourceBill,
  type SourceInvoice,
  type SourceJob,
} from './export-data.js';
export {
  IIF_CUST_HEADER,
  IIF_SPL_HEADER,
  IIF_TRNS_HEADER,
  iifField,
  writeIifCustomers,
  writeIifTransactions,
} from './iif.js';
export { nextInvoiceNumber } from './invoice-number.js';
