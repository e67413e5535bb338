import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { projectWorkingDays } from '../schedule/calendar-days.js';
import { addDays, daysBetween } from './period.js';
import { dayOf, spans, tasksByDay } from './tasks-by-day.js';

const task = (id: number, startDay: string, endDay: string) => ({ id, startDay, endDay });

describe('tasksByDay', () => {
  const week = { from: '2026-04-05', to: '2026-04-11' };

  it.each([
    ['one day inside', task(1, '2026-04-07', '2026-04-07'), ['2026-04-07']],
    ['ending on the first day', task(2, '2026-03-20', '2026-04-05'), ['2026-04-05']],
    ['starting on the last day', task(3, '2026-04-11', '2026-04-30'), ['2026-04-11']],
    ['spanning the whole period', task(4, '2026-03-01', '2026-05-01'), daysBetween(week.from, week.to)],
    ['ending the day before', task(5, '2026-03-01', '2026-04-04'), []],
    ['starting the day after', task(6, '2026-04-12', '2026-04-20'), []],
    ['ending before it starts', task(7, '2026-04-08', '2026-04-06'), ['2026-04-08']],
  ])('a task %s', (_label, t, days) => {
    const byDay = tasksByDay([t], week.from, week.to);
    expect([...byDay.keys()]).toEqual(daysBetween(week.from, week.to));
    expect([...byDay].filter(([, list]) => list.length > 0).map(([d]) => d)).toEqual(days);
  });

  it('keeps the order given on every day', () => {
    const byDay = tasksByDay(
      [
        task(3, '2026-04-01', '2026-04-09'),
        task(1, '2026-04-06', '2026-04-06'),
        task(2, '2026-04-06', '2026-04-07'),
      ],
      week.from,
      week.to,
    );
    expect(byDay.get('2026-04-06')?.map((t) => t.id)).toEqual([3, 1, 2]);
    expect(byDay.get('2026-04-07')?.map((t) => t.id)).toEqual([3, 2]);
  });

  it('agrees with filtering every day over every task', () => {
    const day = fc.integer({ min: 0, max: 60 }).map((n) => addDays('2026-03-15', n));
    fc.assert(
      fc.property(fc.array(fc.tuple(day, day), { maxLength: 30 }), (pairs) => {
        const tasks = pairs.map(([a, b], i) => task(i, a < b ? a : b, a < b ? b : a));
        const byDay = tasksByDay(tasks, week.from, week.to);
        for (const d of daysBetween(week.from, week.to)) {
          expect(byDay.get(d)).toEqual(tasks.filter((t) => spans(t, d, d)));
        }
      }),
    );
  });
});

describe('dayOf', () => {
  it.each([
    ['2026-04-05T00:00:00.000Z', '2026-04-05'],
    ['2026-04-05T23:59:59.999Z', '2026-04-05'],
    ['2026-04-05T22:00:00-05:00', '2026-04-06'],
  ])('%s is on %s', (timestamp, day) => {
    expect(dayOf(timestamp)).toBe(day);
  });
});

describe('tasksByDay on the projects’ calendars', () => {
  // December 2026: Christmas is Friday the 25th; the 26th and 27th are a weekend.
  const from = '2026-12-20';
  const to = '2026-12-31';
  const drawn = (byDay: Map<string, { id: number }[]>, id: number) =>
    [...byDay].filter(([, list]) => list.some((t) => t.id === id)).map(([d]) => d);

  it('draws a task only on its project’s working days', () => {
    const t = task(1, '2026-12-22', '2026-12-29');
    const byDay = tasksByDay([t], from, to, () => projectWorkingDays(null));
    expect(drawn(byDay, 1)).toEqual(['2026-12-22', '2026-12-23', '2026-12-24', '2026-12-28', '2026-12-29']);
  });

  it('follows each task’s own calendar: a six-day week with no holidays works the 25th and Saturdays', () => {
    const sixDays = projectWorkingDays({
      workDays: [1, 2, 3, 4, 5, 6],
      hoursPerDay: 8,
      nonWorkingDates: [],
      workingDates: [],
      usFederalHolidays: false,
    });
    const tasks = [task(1, '2026-12-24', '2026-12-28'), task(2, '2026-12-24', '2026-12-28')];
    const byDay = tasksByDay(tasks, from, to, (t) => (t.id === 1 ? sixDays : projectWorkingDays(null)));
    expect(drawn(byDay, 1)).toEqual(['2026-12-24', '2026-12-25', '2026-12-26', '2026-12-28']);
    expect(drawn(byDay, 2)).toEqual(['2026-12-24', '2026-12-28']);
  });

  it('keeps a task with no working day in its span on its days (it never disappears)', () => {
    const byDay = tasksByDay([task(1, '2026-12-26', '2026-12-27')], from, to, () => projectWorkingDays(null));
    expect(drawn(byDay, 1)).toEqual(['2026-12-26', '2026-12-27']);
  });
});
