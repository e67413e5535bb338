export {
  type CurrencyAmount,
  currencyOfNoProject,
  currencySign,
  formatAmounts,
  formatMoney,
  sharedCurrency,
  sumByCurrency,
} from './money.js';
