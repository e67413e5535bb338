import { describe, expect, it } from 'vitest';
import type { DelayDto } from '@/contracts/delays';
import { delayTotals, movedLabel, movementSentence } from './delay-report';

const delay = (
  cause: DelayDto['cause'],
  days: number,
  finishMovedDays: number,
  wasCritical = true,
): DelayDto => ({
  id: days,
  projectId: 1,
  taskId: 1,
  taskName: 'Foundations',
  cause,
  days,
  date: '2027-03-08',
  note: '',
  wasCritical,
  finishBefore: '2027-03-19',
  finishAfter: '2027-03-24',
  finishMovedDays,
  recordedBy: null,
  createdAt: '2027-03-08T12:00:00.000Z',
});

describe('the delay report', () => {
  it('totals per cause in the causes order, leaving out causes without a delay', () => {
    const totals = delayTotals([delay('owner', 3, 3), delay('weather', 2, 2), delay('owner', 1, 0, false)]);
    expect(totals.lines).toEqual([
      { cause: 'weather', events: 1, days: 2, finishMovedDays: 2 },
      { cause: 'owner', events: 2, days: 4, finishMovedDays: 3 },
    ]);
    expect(totals).toMatchObject({ events: 3, days: 6, finishMovedDays: 5, critical: 2 });
  });

  it('words the movement', () => {
    expect([movedLabel(3), movedLabel(0), movedLabel(-2)]).toEqual(['+3 wd', '0 wd', '−2 wd']);
    expect(
      movementSentence({ finishBefore: '2027-03-19', finishAfter: '2027-03-24', finishMovedDays: 3 }),
    ).toBe('The project finish moved 3 working days later (Mar 19 → Mar 24).');
    expect(
      movementSentence({ finishBefore: '2027-03-22', finishAfter: '2027-03-19', finishMovedDays: -1 }),
    ).toBe('The project finish moved 1 working day earlier (Mar 22 → Mar 19).');
    expect(
      movementSentence({ finishBefore: '2027-03-24', finishAfter: '2027-03-24', finishMovedDays: 0 }),
    ).toBe('The project finish did not move (Mar 24).');
  });
});
