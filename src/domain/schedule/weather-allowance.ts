/**
 * The adverse-weather allowance: extra working days a weather-sensitive task is expected to
 * lose, from the monthly table in `adverse-weather-days.ts` (its source is stated there).
 */
import {
  ADVERSE_WEATHER_REGIONS,
  type AdverseWeatherRegion,
  WORKING_DAYS_PER_MONTH,
} from './adverse-weather-days.js';

/** The trades whose work stops in rain, snow, frozen ground or high wind. */
export const WEATHER_SENSITIVE_TRADES = ['site-work', 'concrete', 'framing', 'roofing', 'exterior'] as const;
export type WeatherSensitiveTrade = (typeof WEATHER_SENSITIVE_TRADES)[number];

/** Words that place a trade or phase name in a weather-sensitive trade (checked in this order). */
const TRADE_KEYWORDS: readonly (readonly [WeatherSensitiveTrade, RegExp])[] = [
  ['roofing', /\broof/],
  ['concrete', /\b(concrete|foundation|footing|slab|flatwork|paving|pour)/],
  [
    'site-work',
    /\b(site ?work|site prep|earthwork|excavat|grading|backfill|trench|demolition|landscap|utilit|clearing)/,
  ],
  ['framing', /\b(framing|structural steel|steel erection|sheathing)/],
  ['exterior', /\b(exterior|siding|masonry|brick|stucco|facade|cladding|gutter)/],
];

/** US states and territories by upper-case name → USPS code. */
export const STATE_NAMES: Readonly<Record<string, string>> = {
  ALABAMA: 'AL',
  ALASKA: 'AK',
  ARIZONA: 'AZ',
  ARKANSAS: 'AR',
  CALIFORNIA: 'CA',
  COLORADO: 'CO',
  CONNECTICUT: 'CT',
  DELAWARE: 'DE',
  'DISTRICT OF COLUMBIA': 'DC',
  FLORIDA: 'FL',
  GEORGIA: 'GA',
  HAWAII: 'HI',
  IDAHO: 'ID',
  ILLINOIS: 'IL',
  INDIANA: 'IN',
  IOWA: 'IA',
  KANSAS: 'KS',
  KENTUCKY: 'KY',
  LOUISIANA: 'LA',
  MAINE: 'ME',
  MARYLAND: 'MD',
  MASSACHUSETTS: 'MA',
  MICHIGAN: 'MI',
  MINNESOTA: 'MN',
  MISSISSIPPI: 'MS',
  MISSOURI: 'MO',
  MONTANA: 'MT',
  NEBRASKA: 'NE',
  NEVADA: 'NV',
  'NEW HAMPSHIRE': 'NH',
  'NEW JERSEY': 'NJ',
  'NEW MEXICO': 'NM',
  'NEW YORK': 'NY',
  'NORTH CAROLINA': 'NC',
  'NORTH DAKOTA': 'ND',
  OHIO: 'OH',
  OKLAHOMA: 'OK',
  OREGON: 'OR',
  PENNSYLVANIA: 'PA',
  'RHODE ISLAND': 'RI',
  'SOUTH CAROLINA': 'SC',
  'SOUTH DAKOTA': 'SD',
  TENNESSEE: 'TN',
  TEXAS: 'TX',
  UTAH: 'UT',
  VERMONT: 'VT',
  VIRGINIA: 'VA',
  WASHINGTON: 'WA',
  'WEST VIRGINIA': 'WV',
  WISCONSIN: 'WI',
  WYOMING: 'WY',
  'PUERTO RICO': 'PR',
  GUAM: 'GU',
  'AMERICAN SAMOA': 'AS',
  'NORTHERN MARIANA ISLANDS': 'MP',
  'US VIRGIN ISLANDS': 'VI',
  'VIRGIN ISLANDS': 'VI',
};

/** The weather-sensitive trade a trade or phase name belongs to, or `null` for indoor work. */
export function weatherSensitiveTrade(trade: string): WeatherSensitiveTrade | null {
  const words = trade.toLowerCase().replace(/[_-]+/g, ' ');
  for (const [sensitive, pattern] of TRADE_KEYWORDS) if (pattern.test(words)) return sensitive;
  return null;
}

/** The climate region of a state given as a USPS code (`'WA'`) or a name (`'Washington'`). */
export function adverseWeatherRegion(state: string): AdverseWeatherRegion | null {
  const key = state.trim().toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ');
  const code = key.length === 2 ? key : STATE_NAMES[key];
  return ADVERSE_WEATHER_REGIONS.find((region) => code !== undefined && region.states.includes(code)) ?? null;
}

/**
 * Extra working days to allow for adverse weather: 0 for trades that are not weather-sensitive or
 * states not in the table; otherwise the task's working days are laid over the months from
 * `startMonth` (1–12), 21 working days a month, each month contributing its share of that month's
 * anticipated adverse days. The sum is rounded to the nearest whole day.
 */
export function weatherAllowanceDays(
  trade: string,
  state: string,
  startMonth: number,
  durationDays: number,
): number {
  const region = adverseWeatherRegion(state);
  if (!region || weatherSensitiveTrade(trade) === null || !(durationDays > 0)) return 0;
  if (!Number.isInteger(startMonth) || startMonth < 1 || startMonth > 12) {
    throw new RangeError(`startMonth must be 1–12 (got ${startMonth}).`);
  }
  let remaining = durationDays;
  let month = startMonth - 1;
  let allowance = 0;
  while (remaining > 0) {
    const share = Math.min(remaining, WORKING_DAYS_PER_MONTH);
    allowance += (region.days[month % 12] ?? 0) * (share / WORKING_DAYS_PER_MONTH);
    remaining -= share;
    month++;
  }
  return Math.round(allowance);
}

/** The trade a task's weather allowance reads: its phase when that names a weather-sensitive trade, else its name. */
export function weatherTradeOf(task: { phase: string | null; name: string }): string {
  return task.phase && weatherSensitiveTrade(task.phase) !== null ? task.phase : task.name;
}
