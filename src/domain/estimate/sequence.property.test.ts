/**
 * Properties of the sequence graph over any set of packages: it links only what is present, never
 * loops, explains every link, keeps general conditions a span that drives nothing, and its timing
 * rules never move the finish.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bare, offsets, reachable } from './plan-test-support.js';
import { demolitionTiming, withLevelOfEffortSpans } from './plan-timing.js';
import { CLOSING, SEQUENCE, sequencePackages } from './sequence.js';

const GRAPH_KEYS = [...SEQUENCE.map((n) => n.key), ...CLOSING, 'general-conditions'];
/** Keys outside the graph: procurement a stated lead time adds, and work the graph does not know. */
const OTHER_KEYS = ['procure-roofing', 'procure-tile', 'procure-unknown-install', 'custom-work'];
const OPTIONAL = [...GRAPH_KEYS, ...OTHER_KEYS].filter((k) => k !== 'permits' && k !== 'closeout');

const plans = fc
  .tuple(
    fc.subarray(OPTIONAL),
    fc.array(fc.integer({ min: 0, max: 60 }), {
      minLength: OPTIONAL.length + 2,
      maxLength: OPTIONAL.length + 2,
    }),
  )
  .map(([subset, durations]) => {
    const keys = ['permits', ...subset, 'closeout'];
    // Milestones stay milestones; procurement and work get any duration, closeout at least a day.
    return keys.map((k, i) =>
      bare(k, k === 'closeout' ? Math.max(1, durations[i] ?? 1) : (durations[i] ?? 0)),
    );
  });

describe('the sequence graph over any set of packages', () => {
  it('links only the packages present, without a loop, each link with a reason a user can read', () => {
    fc.assert(
      fc.property(plans, (packages) => {
        const links = sequencePackages(packages);
        const present = new Set(packages.map((p) => p.key));
        for (const l of links) {
          expect(present.has(l.from) && present.has(l.to), `${l.from} → ${l.to}`).toBe(true);
          expect(l.from).not.toBe(l.to);
          expect(l.reason.trim().length, `${l.from} → ${l.to}`).toBeGreaterThan(10);
          expect(l.reason.length).toBeLessThanOrEqual(300);
        }
        // One link per pair.
        expect(new Set(links.map((l) => `${l.from} ${l.to}`)).size).toBe(links.length);
        // The engine refuses a loop; it schedules every one of these.
        offsets(packages, links);
        // Everything follows the permits, and nothing follows closeout.
        const afterPermits = reachable(links, 'permits');
        for (const k of present) if (k !== 'permits') expect(afterPermits.has(k), k).toBe(true);
        expect(links.some((l) => l.from === 'closeout')).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps general conditions a level-of-effort span: driving nothing, never critical, as long as the job', () => {
    fc.assert(
      fc.property(
        // Every generated plan has a punch list; the span ends with it.
        plans.filter(
          (p) => p.some((x) => x.key === 'general-conditions') && p.some((x) => x.key === 'punch-list'),
        ),
        (drafts) => {
          const links = sequencePackages(drafts);
          const packages = withLevelOfEffortSpans(drafts, links);
          expect(links.some((l) => l.from === 'general-conditions')).toBe(false);
          const s = offsets(packages, links);
          expect(s.critical).not.toContain('general-conditions');
          const gc = s.at('general-conditions');
          expect(gc.earlyStart).toBe(s.at('permits').earlyFinish);
          expect(gc.earlyFinish).toBe(Math.max(gc.earlyStart + 1, s.at('punch-list').earlyFinish));
          // Leaving it out changes neither the finish nor the critical path of the work.
          const work = packages.filter((p) => p.key !== 'general-conditions');
          const without = offsets(
            work,
            links.filter((l) => l.to !== 'general-conditions'),
          );
          expect(without.finish).toBe(s.finish);
          expect(without.critical).toEqual(s.critical);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('holds demolition back for deliveries without moving the finish', () => {
    fc.assert(
      fc.property(
        plans.filter(
          (p) => p.some((x) => x.key === 'demolition') && p.some((x) => x.key.startsWith('procure-')),
        ),
        (packages) => {
          const links = sequencePackages(packages);
          const timing = demolitionTiming(packages, links);
          const before = offsets(packages, links);
          const after = offsets(packages, [...links, ...timing]);
          expect(after.finish).toBe(before.finish);
          for (const t of timing) {
            expect(t).toMatchObject({ to: 'demolition', type: 'SS' });
            expect(t.lagDays).toBeGreaterThan(0);
            expect(after.at('demolition').earlyStart).toBeGreaterThan(before.at('demolition').earlyStart);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
