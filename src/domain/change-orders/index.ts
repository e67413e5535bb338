export { type ChangeOrderTotals, changeOrderTotals, nextChangeOrderNumber } from './totals.js';
