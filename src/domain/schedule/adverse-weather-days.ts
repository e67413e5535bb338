/**
 * Anticipated adverse-weather working days per month, by US climate region — the one table the
 * weather allowance reads, with where its figures come from.
 *
 * ## Practice it follows
 * The US Army Corps of Engineers (Engineer Regulation ER 415-1-15, *Construction Time Extensions
 * for Weather*) has every construction contract state, month by month, the number of working days
 * a contractor must expect to lose to adverse weather at the site, derived from about ten years of
 * NOAA (National Weather Service) records for the location: days with precipitation over roughly
 * 0.1 inch, snow or frozen ground, extreme heat, and so on. Corps specifications print them in
 * Section 01 32 01.00 10 as "monthly anticipated adverse weather delay work days based on a
 * five-day work week". The schedule must carry these days for weather-dependent work; only
 * weather beyond them earns a time extension.
 *
 * ## What these figures are
 * **Representative planning figures, not an official data set.** They were put together for this
 * product in the Corps' form (days lost per month, five-day week) to reflect each region's
 * broad climate: wet Pacific Northwest winters, Gulf and Florida summer storm seasons, frozen
 * ground in the upper Midwest, dry California and desert summers. They are not copied from any
 * single district's contract. For a bid, a contract or a delay claim, replace a region's row
 * with the figures the local Corps district or NOAA climate normals give for the site.
 */

/** Adverse-weather working days for January … December (index 0 … 11). */
export type MonthlyAdverseDays = readonly [
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
  number,
];

/** A climate region: its monthly days and the states (USPS codes) in it. */
export interface AdverseWeatherRegion {
  name: string;
  states: readonly string[];
  days: MonthlyAdverseDays;
}

/** The table. */
export const ADVERSE_WEATHER_REGIONS: readonly AdverseWeatherRegion[] = [
  {
    name: 'New England',
    states: ['CT', 'MA', 'ME', 'NH', 'RI', 'VT'],
    days: [8, 7, 6, 5, 4, 3, 3, 3, 3, 3, 5, 7],
  },
  {
    name: 'Mid-Atlantic',
    states: ['DC', 'DE', 'MD', 'NJ', 'NY', 'PA'],
    days: [7, 6, 6, 5, 4, 3, 3, 3, 3, 3, 4, 6],
  },
  {
    name: 'Upper South',
    states: ['AR', 'KY', 'NC', 'TN', 'VA', 'WV'],
    days: [6, 5, 5, 4, 4, 4, 4, 4, 3, 3, 4, 5],
  },
  {
    name: 'Southeast and Gulf',
    states: ['AL', 'FL', 'GA', 'LA', 'MS', 'SC'],
    days: [4, 4, 4, 3, 3, 5, 6, 6, 4, 2, 3, 4],
  },
  {
    name: 'Great Lakes and Ohio Valley',
    states: ['IA', 'IL', 'IN', 'MI', 'MO', 'OH'],
    days: [8, 7, 6, 5, 5, 4, 3, 3, 3, 3, 5, 7],
  },
  { name: 'Upper Midwest', states: ['MN', 'ND', 'SD', 'WI'], days: [10, 9, 7, 5, 5, 4, 3, 3, 3, 4, 6, 9] },
  { name: 'Central Plains', states: ['KS', 'NE', 'OK'], days: [5, 5, 5, 4, 5, 5, 3, 3, 3, 3, 3, 4] },
  { name: 'Texas', states: ['TX'], days: [3, 3, 3, 3, 4, 3, 2, 2, 3, 3, 3, 3] },
  {
    name: 'Mountain West',
    states: ['CO', 'ID', 'MT', 'UT', 'WY'],
    days: [7, 6, 6, 5, 4, 2, 2, 2, 2, 3, 5, 7],
  },
  { name: 'Desert Southwest', states: ['AZ', 'NM', 'NV'], days: [2, 2, 2, 1, 1, 1, 3, 3, 2, 1, 1, 2] },
  { name: 'California', states: ['CA'], days: [5, 5, 4, 2, 1, 0, 0, 0, 0, 1, 3, 5] },
  { name: 'Pacific Northwest', states: ['OR', 'WA'], days: [11, 9, 9, 7, 5, 3, 1, 1, 2, 6, 10, 11] },
  { name: 'Alaska', states: ['AK'], days: [10, 9, 8, 6, 5, 5, 6, 7, 7, 8, 9, 10] },
  {
    name: 'Hawaii and Pacific islands',
    states: ['HI', 'GU', 'AS', 'MP'],
    days: [4, 3, 4, 3, 2, 1, 1, 1, 1, 2, 3, 4],
  },
  { name: 'Caribbean', states: ['PR', 'VI'], days: [3, 2, 2, 3, 4, 3, 3, 4, 5, 5, 4, 3] },
];

/** Working days in a month of a five-day week, the base the monthly figures are per. */
export const WORKING_DAYS_PER_MONTH = 21;
