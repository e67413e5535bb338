import { describe, expect, it } from 'vitest';
import { projectTypeOfEstimate } from './project-type.js';
import { readEstimate } from './read-estimate.js';

const lines = (...rows: string[]) => rows.join('\n');

describe('projectTypeOfEstimate', () => {
  it.each([
    [
      'an office fit-out',
      lines(
        'Description            Qty   Unit        Unit Cost            Amount',
        'Glass storefront entry            1  LS          18,500.00            18,500.00',
        'Interior glazing, conference rooms            640  SF            62.00            39,680.00',
      ),
      'Commercial',
    ],
    [
      'a kitchen and bath remodel',
      lines(
        'Project: Whitaker Residence Kitchen Remodel',
        'Description            Qty   Unit        Unit Cost            Amount',
        'Remove kitchen cabinets and flooring            1  LS          1,850.00            1,850.00',
        'Hall bath vanity and fixtures            1  LS          2,400.00            2,400.00',
      ),
      'Residential',
    ],
    [
      'a warehouse',
      lines(
        'Description            Qty   Unit        Unit Cost            Amount',
        'Tilt-up wall panels, warehouse            1  LS          250,000.00            250,000.00',
        'Loading docks with levelers            4  EA          12,000.00            48,000.00',
      ),
      'Industrial',
    ],
    [
      'a road job',
      lines(
        'Description            Qty   Unit        Unit Cost            Amount',
        'Hot mix asphalt paving, roadway            900  TON          95.00            85,500.00',
        'Curb and gutter            1200  LF          28.00            33,600.00',
        'Storm drain pipe, 18 in            400  LF          110.00            44,000.00',
      ),
      'Infrastructure',
    ],
    [
      'trades only, no word of what is built',
      lines(
        'Description            Qty   Unit        Unit Cost            Amount',
        'Hang, tape and finish drywall            640  SF            2.85            1,824.00',
        'Interior painting            1  LS          3,000.00            3,000.00',
      ),
      null,
    ],
  ])('%s reads as %s', (_name, text, expected) => {
    expect(projectTypeOfEstimate(readEstimate(text))).toBe(expected);
  });

  it('gives no type when two types are named as often', () => {
    const text = lines(
      'Description            Qty   Unit        Unit Cost            Amount',
      'Office desk            1  LS          5,000.00            5,000.00',
      'Kitchen cabinets            1  LS          5,000.00            5,000.00',
      'Lobby flooring            1  LS          5,000.00            5,000.00',
      'Bathroom tile            1  LS          5,000.00            5,000.00',
    );
    expect(projectTypeOfEstimate(readEstimate(text))).toBeNull();
  });
});
