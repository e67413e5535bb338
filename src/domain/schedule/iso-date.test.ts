import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatIsoDateTime,
  isoDateOfSerial,
  parseClockTime,
  parseIsoDate,
  parseIsoDateTime,
  partsOfSerial,
  serialOfParts,
  weekdayOfSerial,
} from './iso-date.js';

describe('day serials', () => {
  it('agree with the JavaScript Date for every day from 1800 to 2400', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: serialOfParts(1800, 1, 1), max: serialOfParts(2400, 12, 31) }),
        (serial) => {
          const date = new Date(serial * 86_400_000);
          expect(isoDateOfSerial(serial)).toBe(date.toISOString().slice(0, 10));
          expect(partsOfSerial(serial)).toEqual({
            year: date.getUTCFullYear(),
            month: date.getUTCMonth() + 1,
            day: date.getUTCDate(),
          });
          expect(weekdayOfSerial(serial)).toBe(date.getUTCDay());
          expect(parseIsoDate(isoDateOfSerial(serial))).toBe(serial);
        },
      ),
    );
  });

  it('reject dates that do not exist', () => {
    expect(parseIsoDate('2023-02-29')).toBeNull();
    expect(parseIsoDate('2024-02-29')).toBe(serialOfParts(2024, 2, 29));
    expect(parseIsoDate('2024-1-5')).toBeNull();
  });
});

describe('local instants', () => {
  it.each([
    ['2024-03-04T08:30', { serial: serialOfParts(2024, 3, 4), minute: 510 }],
    ['2024-03-04 17:00', { serial: serialOfParts(2024, 3, 4), minute: 1020 }],
    ['2024-03-04T08:30:00', { serial: serialOfParts(2024, 3, 4), minute: 510 }],
    ['2024-03-04T25:00', null],
    ['2024-03-04', null],
  ])('parse %s', (text, expected) => {
    expect(parseIsoDateTime(text)).toEqual(expected);
  });

  it('format, rolling midnight over to the next day', () => {
    expect(formatIsoDateTime(serialOfParts(2024, 3, 4), 485)).toBe('2024-03-04T08:05');
    expect(formatIsoDateTime(serialOfParts(2024, 3, 4), 1440)).toBe('2024-03-05T00:00');
  });

  it('read clock times', () => {
    expect(parseClockTime('08:00')).toBe(480);
    expect(parseClockTime('8:00:00')).toBe(480);
    expect(parseClockTime('24:00')).toBe(1440);
    expect(parseClockTime('12:60')).toBeNull();
  });
});
