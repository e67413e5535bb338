import { describe, expect, it } from 'vitest';
import { formatMoney } from '@/web/lib/format';
import { formatDay, toDateInput } from './dates';
import { filterProjects } from './filter-projects';
import { PROJECT_STATUS_FILTERS, PROJECT_STATUS_LABELS, PROJECT_STATUS_VARIANTS } from './status';

const projects = [
  { name: 'Maple Street Renovation', client: 'Harper Family', status: 'active' as const },
  { name: 'Riverside Clinic', client: 'Riverside Health', status: 'at-risk' as const },
  { name: 'Bridge Deck', client: 'County DOT', status: 'on-hold' as const },
  { name: 'Warehouse', client: 'Maple Logistics', status: 'completed' as const },
];

describe('the Portfolio filter and search', () => {
  it('keeps every project for All Status and an empty search', () => {
    expect(filterProjects(projects, 'all', '  ')).toHaveLength(4);
  });
  it('keeps one status', () => {
    expect(filterProjects(projects, 'at-risk', '').map((p) => p.name)).toEqual(['Riverside Clinic']);
    expect(filterProjects(projects, 'completed', '').map((p) => p.name)).toEqual(['Warehouse']);
  });
  it('searches the name and the client, ignoring case and surrounding spaces', () => {
    expect(filterProjects(projects, 'all', ' MAPLE ').map((p) => p.name)).toEqual([
      'Maple Street Renovation',
      'Warehouse',
    ]);
    expect(filterProjects(projects, 'all', 'county').map((p) => p.name)).toEqual(['Bridge Deck']);
  });
  it('combines the filter and the search', () => {
    expect(filterProjects(projects, 'active', 'maple').map((p) => p.name)).toEqual([
      'Maple Street Renovation',
    ]);
    expect(filterProjects(projects, 'on-hold', 'maple')).toEqual([]);
  });
  it('offers All Status, then Active, On Hold, Completed and At Risk', () => {
    expect(PROJECT_STATUS_FILTERS.map((f) => f.label)).toEqual([
      'All Status',
      'Active',
      'On Hold',
      'Completed',
      'At Risk',
    ]);
  });
});

describe('project status badges', () => {
  it('labels active "On Track" and colours active green, at-risk yellow, on-hold grey, completed blue', () => {
    expect(PROJECT_STATUS_LABELS.active).toBe('On Track');
    expect(PROJECT_STATUS_VARIANTS).toMatchObject({
      active: 'success',
      'at-risk': 'warning',
      'on-hold': 'muted',
      completed: 'info',
    });
  });
});

describe('dates and money on the cards', () => {
  it('shows a date-input day as that day whatever the zone', () => {
    expect(formatDay('2026-04-01T00:00:00.000Z')).toBe('Apr 1, 2026');
    expect(toDateInput('2025-09-01T00:00:00.000Z')).toBe('2025-09-01');
    expect(formatDay(null)).toBe('');
  });
  it('formats the budget in whole units of its currency with thousands separators', () => {
    expect(formatMoney('1250000.00', 'USD')).toBe('$1,250,000');
  });
});
