export {
  type CurrencyAmount,
  currencyOfNoProject,
  currencySign,
  formatAmounts,
  formatMoney,
  formatMoneyExact,
  sharedCurrency,
  sumByCurrency,
} from './money.js';
