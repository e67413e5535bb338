/**
 * The one sentence the plan and the schedule use to say that weather days were added, in a
 * contractor's words: "12 weather days added for a winter start in Minnesota (Dec–Feb)".
 */
import type { IsoDate } from './iso-date.js';
import { adverseWeatherRegion, STATE_NAMES } from './weather-allowance.js';

/** The weather days a schedule carries, and the sentence that says so. */
export interface WeatherDaysNotice {
  /** Working days the adverse-weather allowance moved the finish. */
  days: number;
  summary: string;
}

const SEASONS = [
  { name: 'winter', months: [12, 1, 2], range: 'Dec–Feb' },
  { name: 'spring', months: [3, 4, 5], range: 'Mar–May' },
  { name: 'summer', months: [6, 7, 8], range: 'Jun–Aug' },
  { name: 'fall', months: [9, 10, 11], range: 'Sep–Nov' },
] as const;

/** The season of a month (1–12), northern-hemisphere meteorological seasons. */
export function seasonOfMonth(month: number) {
  return SEASONS.find((s) => (s.months as readonly number[]).includes(month)) ?? SEASONS[0];
}

/** A state as people write it: `'MN'` or `'minnesota'` → `'Minnesota'`; anything else as given. */
export function stateDisplayName(state: string): string {
  const key = state.trim().toUpperCase().replace(/\./g, '').replace(/\s+/g, ' ');
  const name =
    key.length === 2 ? Object.keys(STATE_NAMES).find((n) => STATE_NAMES[n] === key) : STATE_NAMES[key] && key;
  if (!name) return state.trim();
  return name
    .split(' ')
    .map((word) => (word === 'OF' ? 'of' : word.length <= 2 ? word : word[0] + word.slice(1).toLowerCase()))
    .join(' ');
}

/**
 * What to say about the weather days a schedule carries, or null when none were added (no days,
 * or a place the allowance table does not cover). `startDate` is the project's first working day.
 */
export function weatherDaysNotice(
  days: number,
  state: string | null,
  startDate: IsoDate,
): WeatherDaysNotice | null {
  if (!state || !(days > 0) || adverseWeatherRegion(state) === null) return null;
  const season = seasonOfMonth(Number(startDate.slice(5, 7)));
  const count = days === 1 ? '1 weather day' : `${days} weather days`;
  return {
    days,
    summary: `${count} added for a ${season.name} start in ${stateDisplayName(state)} (${season.range})`,
  };
}
