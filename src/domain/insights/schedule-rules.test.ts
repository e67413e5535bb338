import { describe, expect, it } from 'vitest';
import { longLead } from './rules/long-lead.js';
import { nearCritical } from './rules/near-critical.js';
import { overdueCritical } from './rules/overdue-critical.js';
import { resequence } from './rules/resequence.js';
import { weatherWindow } from './rules/weather.js';
import { context, follows, project, task } from './test-support.js';

describe('overdue-critical', () => {
  it('names the overdue critical task and the working days the re-run from today pushes the finish', () => {
    const a = task({
      name: 'Frame walls',
      duration: 10,
      endDate: '2026-03-13',
      status: 'in-progress',
      progress: 20,
    });
    const b = task({
      name: 'Roof',
      duration: 10,
      startDate: '2026-03-16',
      endDate: '2026-03-27',
      dependencies: follows(a.id),
    });
    const [finding, ...rest] = overdueCritical(context({ tasks: [a, b] }));
    expect(rest).toEqual([]);
    // Planned: 20 working days to 2026-03-27. From today (offset 10): 8 days left of the frame, then 10 of roof.
    expect(finding).toMatchObject({ projectId: 1, taskId: a.id, type: 'risk', severity: 'high' });
    expect(finding?.title).toBe('Overdue critical work pushes "Maple Street Duplex" 8 working days');
    expect(finding?.description).toContain('"Frame walls" (due 2026-03-13, 1 working day late)');
    expect(finding?.description).toContain(
      'moves the finish from 2026-03-27 to 2026-04-08, 8 working days later',
    );
  });

  it('raises nothing for overdue work with float, or finished work', () => {
    const floating = task({ duration: 10, endDate: '2026-03-13', status: 'in-progress', progress: 50 });
    const long = task({ duration: 60, endDate: '2026-05-22', status: 'in-progress', progress: 10 });
    expect(
      overdueCritical(context({ tasks: [floating, long] })).filter((f) => f.taskId === floating.id),
    ).toEqual([]);
    const done = task({ duration: 10, endDate: '2026-03-13', status: 'completed', progress: 100 });
    expect(overdueCritical(context({ tasks: [done] }))).toEqual([]);
  });
});

describe('near-critical', () => {
  it('lists unfinished tasks with two working days of float or less', () => {
    const a = task({ duration: 10 });
    const b = task({ duration: 10, dependencies: follows(a.id) });
    const c = task({ name: 'Order fixtures', duration: 18 });
    const [finding, ...rest] = nearCritical(context({ tasks: [a, b, c] }));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({ taskId: c.id, severity: 'low' });
    expect(finding?.description).toContain('"Order fixtures" (2 days of float)');
  });

  it('raises nothing when the other paths have more float', () => {
    const a = task({ duration: 10 });
    const b = task({ duration: 10, dependencies: follows(a.id) });
    const c = task({ duration: 10 });
    expect(nearCritical(context({ tasks: [a, b, c] }))).toEqual([]);
  });
});

describe('resequence', () => {
  it('finds the overlap of two critical tasks the other paths leave float for, with its savings', () => {
    const a = task({ name: 'Drywall', duration: 15 });
    const b = task({ name: 'Paint', duration: 15, dependencies: follows(a.id) });
    const c = task({ duration: 24 });
    const [finding, ...rest] = resequence(context({ tasks: [a, b, c] }));
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      type: 'opportunity',
      taskId: b.id,
      potentialSavings: 2500,
      severity: 'medium',
    });
    expect(finding?.title).toBe(
      'Overlap "Drywall" and "Paint" to finish "Maple Street Duplex" 5 working days earlier',
    );
  });

  it('raises nothing when another path has too little float for the overlap to gain two days', () => {
    const a = task({ duration: 15 });
    const b = task({ duration: 15, dependencies: follows(a.id) });
    const c = task({ duration: 29 });
    expect(resequence(context({ tasks: [a, b, c] }))).toEqual([]);
  });

  it("writes the savings in the project's currency", () => {
    const a = task({ duration: 15 });
    const b = task({ duration: 15, dependencies: follows(a.id) });
    const c = task({ duration: 24 });
    const [finding] = resequence(context({ projects: [project({ currency: 'EUR' })], tasks: [a, b, c] }));
    expect(finding?.impact).toContain('About €2,500 of general conditions saved');
    expect(finding?.impact).toContain('of the €500,000 budget a day');
  });
});

describe('long-lead', () => {
  const ordered = JSON.stringify({ needed: true, approved: true, ordered: true });

  it('raises unordered long-lead materials of a task starting within their lead time', () => {
    const windows = task({
      name: 'Install windows',
      duration: 5,
      isCritical: true,
      materialsStatus: JSON.stringify({ needed: true }),
    });
    const [finding] = longLead(context({ tasks: [windows] }));
    expect(finding).toMatchObject({
      taskId: windows.id,
      severity: 'high',
      title: 'Order windows and doors for "Install windows" now',
    });
    expect(finding?.description).toContain('starts on 2026-03-16, 0 working days from today');
    expect(finding?.description).toContain('about 30 working days from order to delivery');
    expect(finding?.description).toContain('30 working days after the start');
  });

  it('raises nothing once ordered, for a task beyond its lead time, or without long-lead materials', () => {
    const orderedTask = task({ name: 'Install windows', materialsStatus: ordered });
    expect(longLead(context({ tasks: [orderedTask] }))).toEqual([]);
    const before = task({ duration: 40 });
    const later = task({ name: 'Install windows', dependencies: follows(before.id) });
    expect(longLead(context({ tasks: [before, later] }))).toEqual([]);
    expect(longLead(context({ tasks: [task({ name: 'Paint walls' })] }))).toEqual([]);
  });

  it('orders nothing for work that takes things out', () => {
    const demolition = task({
      name: 'Demolition',
      isCritical: true,
      materials: ['Remove kitchen cabinets, countertops and flooring'],
    });
    const tearOut = task({ name: 'Remove existing windows' });
    expect(longLead(context({ tasks: [demolition, tearOut] }))).toEqual([]);
  });

  it("raises one insight per order: the procurement task's, naming the goods, the work and the stated lead time", () => {
    const order = task({
      name: 'Procure cabinets and millwork',
      duration: 60,
      description:
        'Submittals, order and delivery of cabinets and millwork (long lead).\nDuration: lead time stated in the estimate: 10–12 weeks ("10–12 weeks", line 9), scheduled as 60 working days.',
    });
    // Demolition is timed from the order (start-to-start) but receives none of it.
    const demolition = task({
      name: 'Demolition',
      materials: ['Remove kitchen cabinets'],
      dependencies: JSON.stringify([{ taskId: order.id, type: 'SS', lagDays: 44 }]),
    });
    const install = task({
      name: 'Install cabinets',
      duration: 3,
      isCritical: true,
      dependencies: follows(order.id),
    });
    const findings = longLead(context({ tasks: [order, demolition, install] }));
    expect(findings).toHaveLength(1);
    const [finding] = findings;
    expect(finding).toMatchObject({
      taskId: order.id,
      title: 'Order cabinets and millwork for "Install cabinets" now',
    });
    expect(finding?.description).toContain(
      'Its cabinets and millwork take 10–12 weeks from order to delivery as stated (60 working days)',
    );
    expect(finding?.description).toContain('"Install cabinets" in "Maple Street Duplex" starts on');
    expect(finding?.recommendation).toContain('materials chain of "Procure cabinets and millwork"');
  });

  it('keeps a lead time the task states over the typical one', () => {
    const windows = task({ name: 'Install windows', description: 'Vinyl windows, lead time 8-10 wks' });
    const [finding] = longLead(context({ tasks: [windows] }));
    expect(finding?.description).toContain('8–10 weeks from order to delivery as stated (50 working days)');
  });
});

describe('weather-window', () => {
  it("raises weather-sensitive work scheduled in the region's adverse months", () => {
    const pour = task({ name: 'Pour foundation', phase: 'Concrete', duration: 10, isCritical: true });
    const [finding] = weatherWindow(context({ state: 'MA', tasks: [pour] }));
    expect(finding).toMatchObject({ projectId: 1, taskId: pour.id, type: 'risk' });
    expect(finding?.description).toContain('New England');
    expect(finding?.description).toContain('"Pour foundation" (Mar–Apr)');
    expect(finding?.description).toMatch(/carries \d+ working days? of weather allowance/);
  });

  it('raises nothing in good months, for indoor work, or without a known state', () => {
    const summer = project({ startDate: '2026-07-01', endDate: '2026-09-30' });
    const pour = task({ name: 'Pour foundation', phase: 'Concrete', duration: 10 });
    expect(weatherWindow(context({ state: 'MA', projects: [summer], tasks: [pour] }))).toEqual([]);
    expect(weatherWindow(context({ state: 'MA', tasks: [task({ name: 'Paint interior' })] }))).toEqual([]);
    expect(weatherWindow(context({ state: null, tasks: [pour] }))).toEqual([]);
  });
});
