import { describe, expect, it } from 'vitest';
import { projectColourIndex } from './project-colour.js';
import { isOverdueOn, issuesOf, periodSummary, type ViewTask } from './summary.js';

const TODAY = '2026-04-08';

function task(id: number, over: Partial<ViewTask> = {}): ViewTask {
  return {
    id,
    projectId: 1,
    startDay: '2026-04-06',
    endDay: '2026-04-10',
    status: 'not-started',
    progress: 0,
    isCritical: false,
    assigneeKey: null,
    ...over,
  };
}

describe('isOverdueOn', () => {
  it.each([
    ['ended yesterday at 40%', { endDay: '2026-04-07', progress: 40 }, true],
    ['ended yesterday at 100%', { endDay: '2026-04-07', progress: 100 }, false],
    ['due today', { endDay: '2026-04-08', progress: 0 }, false],
    ['due tomorrow', { endDay: '2026-04-09', progress: 0 }, false],
  ])('a task %s: %s', (_label, t, overdue) => {
    expect(isOverdueOn(t, TODAY)).toBe(overdue);
  });
});

describe('periodSummary', () => {
  it('counts the tasks, completed, under way, overdue and different assignees', () => {
    const tasks = [
      task(1, { status: 'completed', progress: 100, endDay: '2026-04-07', assigneeKey: 'member:u1' }),
      task(2, { status: 'in-progress', progress: 30, assigneeKey: 'member:u1' }),
      task(3, { status: 'on-track', progress: 50, assigneeKey: 'contact:4' }),
      task(4, { status: 'behind', progress: 10, endDay: '2026-04-01', assigneeKey: 'former:Old Crew' }),
      task(5, { status: 'blocked', progress: 0, endDay: '2026-04-02' }),
      task(6),
    ];
    expect(periodSummary(tasks, TODAY)).toEqual({
      total: 6,
      completed: 1,
      inProgress: 3,
      overdue: 2,
      crewMembers: 3,
    });
  });

  it('is all zero without tasks', () => {
    expect(periodSummary([], TODAY)).toEqual({
      total: 0,
      completed: 0,
      inProgress: 0,
      overdue: 0,
      crewMembers: 0,
    });
  });
});

describe('issuesOf', () => {
  it('lists overdue tasks first, then unfinished critical ones, by their last day', () => {
    const issues = issuesOf(
      [
        task(1, { isCritical: true, endDay: '2026-04-20' }),
        task(2, { endDay: '2026-04-03', progress: 20 }),
        task(3, { isCritical: true, status: 'completed', progress: 100 }),
        task(4, { isCritical: true, endDay: '2026-04-01', progress: 50 }),
        task(5, { isCritical: true, endDay: '2026-04-12' }),
        task(6),
      ],
      TODAY,
    );
    expect(issues.map((i) => [i.task.id, i.overdue, i.critical])).toEqual([
      [4, true, true],
      [2, true, false],
      [5, false, true],
      [1, false, true],
    ]);
  });

  it('is empty when nothing is late or critical', () => {
    expect(issuesOf([task(1), task(2, { status: 'completed', progress: 100 })], TODAY)).toEqual([]);
  });
});

describe('projectColourIndex', () => {
  it.each([
    [1, 1],
    [7, 7],
    [8, 0],
    [9, 1],
    [2_147_483_647, 7],
  ])('project %i has colour %i', (id, colour) => {
    expect(projectColourIndex(id)).toBe(colour);
  });
});
