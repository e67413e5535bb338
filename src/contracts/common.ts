import { z } from 'zod';

/** The one shape of every non-2xx answer. */
export const errorDto = z
  .object({
    message: z.string(),
    code: z.string().optional(),
    errors: z.record(z.string(), z.string()).optional(),
    requestId: z.string().optional(),
  })
  .meta({ id: 'Error' });
export type ErrorDto = z.infer<typeof errorDto>;

export const okDto = z.object({ ok: z.literal(true) });

/** The body of a call that needs none: absent, empty or `{}` are all the same call. */
export const emptyBody = z.object({}).nullish();

/** The largest id a row can have: ids are PostgreSQL `integer`s (signed 32-bit). */
export const MAX_ID = 2_147_483_647;

/** An id in a JSON body: a positive whole number a row can have. */
export const idNumber = (message = 'Invalid id') =>
  z.number({ message }).int({ message }).positive({ message }).max(MAX_ID, { message });

/**
 * An id in a path or query string: plain decimal digits naming a positive 32-bit integer (so `0x10`,
 * `1e3`, `-1` and `2147483648` are not ids), answered as a number.
 */
export const idText = (message = 'Invalid id') =>
  z
    .string({ message })
    .regex(/^[1-9][0-9]{0,9}$/, { message })
    .transform(Number)
    .refine((id) => id <= MAX_ID, { message });

/** An id a client may send as a number or as its digits (form fields). */
export const idInput = (message = 'Invalid id') => z.union([idNumber(message), idText(message)], { message });

export const idParams = z.object({ id: idText() });

/** Timestamps travel as ISO 8601 strings. */
export const isoDate = z.iso.datetime({ offset: true });

/**
 * The years a date may fall in. Both PostgreSQL and JavaScript hold far more, but a construction
 * date outside this range is a typo, and the edges of what either holds (year 0, +275760) break the other.
 */
/**
 * Money columns (budgets, task costs, savings) are numeric(15, 2): 13 whole digits, enough for a
 * large job in any currency, and the amount in cents is still exact in a JavaScript number.
 */
export const MONEY_WHOLE_DIGITS = 13;
export const MAX_MONEY_CENTS = 10 ** (MONEY_WHOLE_DIGITS + 2) - 1;
export const MAX_MONEY = MAX_MONEY_CENTS / 100;

/**
 * The currencies money can be kept in: ISO 4217 codes the runtime's Intl can format (read once).
 * Server and browser ask their own Intl, so a code one of them cannot show is refused by both.
 */
const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf('currency'));

/** Whether `code` is an upper-case ISO 4217 code Intl knows (`USD`, `INR`, `EUR`…). */
export const isCurrencyCode = (code: string) => /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCIES.has(code);

const currencyMessage = 'Currency must be a 3-letter ISO 4217 code, such as USD, CAD, EUR or INR';

/** A currency as sent (`"inr"` is read as `INR`): a known ISO 4217 code, else a 400 naming the rule. */
export const currencyCode = z
  .string({ message: currencyMessage })
  .trim()
  .toUpperCase()
  .refine(isCurrencyCode, { message: currencyMessage });

export const MIN_YEAR = 1900;
export const MAX_YEAR = 2200;

/** The year of a date as written (`+275760-…`, `-000001-…` included), else as JavaScript reads it. */
function yearOf(value: string): number {
  const match = /^([+-]\d{6}|\d{4})-/.exec(value.trim());
  return match ? Number(match[1]) : new Date(Date.parse(value)).getUTCFullYear();
}

/** Whether a date or timestamp is one JavaScript reads, in the years a construction date may have. */
export function isDateInRange(value: string): boolean {
  const year = yearOf(value);
  return !Number.isNaN(Date.parse(value)) && year >= MIN_YEAR && year < MAX_YEAR;
}

/** A calendar date (YYYY-MM-DD, as date inputs send) or a full ISO timestamp, named in its messages. */
export const dateInput = (label: string) =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .min(1, { message: `${label} is required` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { message: `${label} is not a valid date`, abort: true })
    .refine(isDateInRange, { message: `${label} must be a date between ${MIN_YEAR} and ${MAX_YEAR - 1}` });

/**
 * A calendar day `YYYY-MM-DD` (no time, no zone) in the years a construction date may have: a period's
 * edge, a schedule constraint. Named in its messages.
 */
export const calendarDay = (label: string) =>
  z
    .string({ message: `${label} must be a date YYYY-MM-DD` })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { message: `${label} must be a date YYYY-MM-DD` })
    .refine(
      (v) => {
        const time = Date.parse(`${v}T00:00:00Z`);
        // Date.parse rolls 2026-02-30 over to March: a real day prints back as itself.
        return !Number.isNaN(time) && new Date(time).toISOString().startsWith(v) && isDateInRange(v);
      },
      { message: `${label} is not a valid date` },
    );

export const healthDto = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgresql']),
});

/** Standard error answers a route may give, for its `response` schema. */
export const errorResponses = {
  400: errorDto,
  401: errorDto,
  402: errorDto,
  403: errorDto,
  404: errorDto,
  409: errorDto,
  429: errorDto,
} as const;
