import { describe, expect, it } from 'vitest';
import { readMspdi } from './mspdi-reader.js';

/** A parsed MSPDI document with one task carrying the given `Baseline` elements. */
function withBaselines(baseline: unknown) {
  return {
    Project: {
      Name: 'Clinic',
      StartDate: '2026-06-01T08:00:00',
      MinutesPerDay: 480,
      Tasks: {
        Task: [
          { UID: 0, ID: 0, Name: 'Clinic', OutlineLevel: 0, Summary: 1 },
          { UID: 1, ID: 1, Name: 'Frame', OutlineLevel: 1, Duration: 'PT32H0M0S', Baseline: baseline },
        ],
      },
    },
  };
}

function baselineOfFrame(baseline: unknown) {
  const result = readMspdi(withBaselines(baseline));
  if (!result.ok) throw new Error(result.error.message);
  return result.value.tasks[0]?.baseline;
}

describe('readMspdi: baselines', () => {
  it('reads baseline 0 (start, finish, working hours) and leaves the other numbered baselines', () => {
    expect(
      baselineOfFrame([
        { Number: 1, Start: '2026-05-04T08:00:00', Finish: '2026-05-07T17:00:00', Duration: 'PT32H0M0S' },
        { Number: 0, Start: '2026-06-01T08:00:00', Finish: '2026-06-04T17:00:00', Duration: 'PT32H0M0S' },
      ]),
    ).toEqual({ start: '2026-06-01T08:00', finish: '2026-06-04T17:00', durationHours: 32 });
  });

  it('has no baseline without baseline 0 or without both of its dates', () => {
    expect(baselineOfFrame(undefined)).toBeUndefined();
    expect(
      baselineOfFrame({ Number: 2, Start: '2026-06-01T08:00:00', Finish: '2026-06-04T17:00:00' }),
    ).toBeUndefined();
    expect(baselineOfFrame({ Number: 0, Start: '2026-06-01T08:00:00' })).toBeUndefined();
    expect(baselineOfFrame({ Number: 0, Start: 'NA', Finish: 'NA' })).toBeUndefined();
  });

  it('takes a finish before the start as the start, and an unreadable duration as none', () => {
    expect(
      baselineOfFrame({
        Number: 0,
        Start: '2026-06-04T08:00:00',
        Finish: '2026-06-01T17:00:00',
        Duration: 'soon',
      }),
    ).toEqual({ start: '2026-06-04T08:00', finish: '2026-06-04T08:00', durationHours: 0 });
  });
});
