export {
  type CurrencyAmount,
  currencySign,
  formatAmounts,
  formatMoney,
  sharedCurrency,
  sumByCurrency,
} from './money.js';
