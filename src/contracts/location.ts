import { z } from 'zod';

/**
 * A place as the schedule's weather allowance reads it: a country (ISO 3166-1 alpha-2) and, inside
 * it, a state or region. In the United States the state is its USPS code, the key of the
 * adverse-weather table; elsewhere the region is the name people use for it.
 */

/** The states, the District of Columbia and the territories, by USPS code. */
export const US_STATES = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
  AS: 'American Samoa',
  GU: 'Guam',
  MP: 'Northern Mariana Islands',
  PR: 'Puerto Rico',
  VI: 'U.S. Virgin Islands',
} as const;
export type UsStateCode = keyof typeof US_STATES;

export function isUsStateCode(value: string): value is UsStateCode {
  return Object.hasOwn(US_STATES, value);
}

const regionNames = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

/** The English name of an ISO 3166-1 alpha-2 country code, or undefined for a code that names none. */
export function countryName(code: string): string | undefined {
  if (!/^[A-Z]{2}$/.test(code)) return undefined;
  try {
    return regionNames.of(code);
  } catch {
    return undefined;
  }
}

export const countryCode = z
  .string({ message: 'Country is required' })
  .trim()
  .toUpperCase()
  .refine((code) => countryName(code) !== undefined, {
    message: 'Country must be a two-letter ISO country code, such as US or CA',
  });

const blankAsNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

/** A state or region; blank means none. */
export const regionName = z.preprocess(
  blankAsNull,
  z
    .string({ message: 'State or region must be text' })
    .trim()
    .max(100, { message: 'State or region must be at most 100 characters' })
    .nullable(),
);

/**
 * A country with its state or region. In the United States the state must be a USPS code (it is
 * upper-cased), because that is what the weather allowance looks up.
 */
export const placeFields = z
  .object({ country: countryCode, state: regionName })
  .transform((place) =>
    place.country === 'US' && place.state ? { ...place, state: place.state.toUpperCase() } : place,
  )
  .superRefine((place, issue) => {
    if (place.country === 'US' && place.state && !isUsStateCode(place.state)) {
      issue.addIssue({
        code: 'custom',
        path: ['state'],
        message: 'State must be a US state code, such as TX or CA',
      });
    }
  });
export type PlaceFields = z.infer<typeof placeFields>;
