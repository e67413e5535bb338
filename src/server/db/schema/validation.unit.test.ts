import { describe, expect, it } from 'vitest';
import { insertContactSchema, insertProjectSchema, insertTaskSchema } from './validation.js';

describe('insert schemas derived from the tables', () => {
  it('omit ids, tenant ids and timestamps', () => {
    const keys = Object.keys(insertTaskSchema.shape);
    expect(keys).not.toContain('id');
    expect(keys).not.toContain('companyId');
    expect(keys).not.toContain('createdAt');
    expect(keys).toContain('punchlist');
  });

  it('require what the table requires and keep enum values', () => {
    const ok = insertProjectSchema.safeParse({
      name: 'A',
      client: 'B',
      type: 'Residential',
      budget: '10.00',
      startDate: new Date(),
      endDate: new Date(),
    });
    expect(ok.success).toBe(true);
    const bad = insertProjectSchema.safeParse({ name: 'A', client: 'B', type: 'Spaceport', budget: '1' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues.map((i) => i.path[0])).toEqual(
      expect.arrayContaining(['type', 'startDate', 'endDate']),
    );
    expect(insertContactSchema.safeParse({ name: 'N', email: 'e@x.co', type: 'wizard' }).success).toBe(false);
  });
});
