import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyMaterials,
  canTick,
  EMPTY_MATERIALS,
  isStepEnabled,
  isValidMaterialsStatus,
  MATERIAL_STEPS,
  type MaterialsAction,
  type MaterialsStatus,
  materialsNotice,
  materialsProgress,
  parseMaterialsStatus,
  readMaterialsStatus,
  serializeMaterialsStatus,
} from './materials.js';

/** A state with the first `n` steps ticked. */
const upTo = (n: number, notApplicable = false): MaterialsStatus => {
  const s: MaterialsStatus = { ...EMPTY_MATERIALS, notApplicable };
  for (const step of MATERIAL_STEPS.slice(0, n)) s[step] = true;
  return s;
};

describe('applyMaterials', () => {
  it.each<[string, MaterialsStatus, MaterialsAction, MaterialsStatus]>([
    ['ticks the first step', upTo(0), { type: 'setStep', step: 'needed', value: true }, upTo(1)],
    ['ticks the next step', upTo(2), { type: 'setStep', step: 'ordered', value: true }, upTo(3)],
    [
      'refuses a step whose previous step is clear',
      upTo(1),
      { type: 'setStep', step: 'ordered', value: true },
      upTo(1),
    ],
    ['refuses the last step from empty', upTo(0), { type: 'toggleStep', step: 'finalized' }, upTo(0)],
    [
      'unticking clears every later step',
      upTo(6),
      { type: 'setStep', step: 'ordered', value: false },
      upTo(2),
    ],
    ['unticking the first step clears all', upTo(4), { type: 'toggleStep', step: 'needed' }, upTo(0)],
    ['unticking the last step clears only it', upTo(6), { type: 'toggleStep', step: 'finalized' }, upTo(5)],
    ['unticking a clear step changes nothing', upTo(2), { type: 'toggleStep', step: 'shipped' }, upTo(2)],
    [
      'Not Applicable clears the six steps',
      upTo(5),
      { type: 'setNotApplicable', value: true },
      upTo(0, true),
    ],
    ['Not Applicable off keeps steps clear', upTo(0, true), { type: 'toggleNotApplicable' }, upTo(0)],
    ['ticking a step clears Not Applicable', upTo(0, true), { type: 'toggleStep', step: 'needed' }, upTo(1)],
    [
      'under Not Applicable a later step still needs the previous one',
      upTo(0, true),
      { type: 'setStep', step: 'approved', value: true },
      upTo(0, true),
    ],
    [
      're-ticking a ticked step keeps the state',
      upTo(3),
      { type: 'setStep', step: 'needed', value: true },
      upTo(3),
    ],
  ])('%s', (_label, state, action, expected) => {
    expect(applyMaterials(state, action)).toEqual(expected);
  });

  it('does not change the state it is given', () => {
    const state = upTo(3);
    applyMaterials(state, { type: 'setNotApplicable', value: true });
    expect(state).toEqual(upTo(3));
  });
});

describe('progress and notices', () => {
  it.each([
    [upTo(0), 0, null],
    [upTo(1), 17, null],
    [upTo(3), 50, null],
    [upTo(5), 83, null],
    [upTo(6), 100, 'All materials completed!'],
    [upTo(0, true), 100, 'Materials not applicable'],
  ] as const)('%o → %i%%', (state, progress, notice) => {
    expect(materialsProgress(state)).toBe(progress);
    expect(materialsNotice(state)).toBe(notice);
  });

  it('enables a step only in chain order and never under Not Applicable', () => {
    expect(MATERIAL_STEPS.map((s) => isStepEnabled(upTo(2), s))).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect(MATERIAL_STEPS.some((s) => isStepEnabled(upTo(0, true), s))).toBe(false);
    expect(canTick(upTo(0), 'needed')).toBe(true);
    expect(canTick(upTo(0), 'approved')).toBe(false);
  });
});

describe('validation', () => {
  it.each([
    ['empty', {}, true],
    ['a prefix', { needed: true, approved: true }, true],
    ['all six', upTo(6), true],
    ['not applicable alone', { notApplicable: true }, true],
    ['a gap', { needed: true, ordered: true }, false],
    ['a later step alone', { finalized: true }, false],
    ['not applicable with a step', { notApplicable: true, needed: true }, false],
  ])('%s → %s', (_label, value, ok) => {
    expect(readMaterialsStatus(value).ok).toBe(ok);
  });

  it('names the broken link', () => {
    const r = readMaterialsStatus({ needed: true, ordered: true });
    expect(r).toEqual({
      ok: false,
      error: 'breaks the materials chain: "Ordered" cannot be ticked before "Approved"',
    });
  });

  it.each([
    ['not JSON', '{needed:', 'is not valid JSON'],
    ['a list', '[]', 'must be an object of flags'],
    ['a string', '"needed"', 'must be an object of flags'],
    ['an unknown flag', '{"needed":true,"paid":true}', 'unknown flag "paid"'],
    ['a non-boolean flag', '{"needed":"yes"}', 'flag "needed" must be true or false'],
  ])('refuses %s', (_label, text, message) => {
    const r = parseMaterialsStatus(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toContain(message);
  });

  it('reads empty text as the empty state and round-trips', () => {
    expect(parseMaterialsStatus(null)).toEqual({ ok: true, value: EMPTY_MATERIALS });
    expect(parseMaterialsStatus('  ')).toEqual({ ok: true, value: EMPTY_MATERIALS });
    const text = serializeMaterialsStatus(upTo(4));
    expect(parseMaterialsStatus(text)).toEqual({ ok: true, value: upTo(4) });
  });
});

const actionArb: fc.Arbitrary<MaterialsAction> = fc.oneof(
  fc.record({
    type: fc.constant('setStep' as const),
    step: fc.constantFrom(...MATERIAL_STEPS),
    value: fc.boolean(),
  }),
  fc.record({ type: fc.constant('toggleStep' as const), step: fc.constantFrom(...MATERIAL_STEPS) }),
  fc.record({ type: fc.constant('setNotApplicable' as const), value: fc.boolean() }),
  fc.record({ type: fc.constant('toggleNotApplicable' as const) }),
);

describe('properties', () => {
  it('random sequences of actions never produce an invalid state', () => {
    fc.assert(
      fc.property(fc.array(actionArb, { minLength: 5, maxLength: 60, size: 'max' }), (actions) => {
        let state: MaterialsStatus = { ...EMPTY_MATERIALS };
        for (const action of actions) {
          state = applyMaterials(state, action);
          expect(isValidMaterialsStatus(state)).toBe(true);
          const p = materialsProgress(state);
          expect(p >= 0 && p <= 100).toBe(true);
          // what is stored reads back the same
          expect(parseMaterialsStatus(serializeMaterialsStatus(state))).toEqual({ ok: true, value: state });
        }
      }),
    );
  });

  it('a valid state is exactly a prefix of ticked steps, or Not Applicable with none', () => {
    const flags = fc.record({
      notApplicable: fc.boolean(),
      needed: fc.boolean(),
      approved: fc.boolean(),
      ordered: fc.boolean(),
      shipped: fc.boolean(),
      delivered: fc.boolean(),
      finalized: fc.boolean(),
    });
    fc.assert(
      fc.property(flags, (s) => {
        const ticked = MATERIAL_STEPS.map((step) => s[step]);
        const count = ticked.filter(Boolean).length;
        const isPrefix = ticked.every((t, i) => t === i < count);
        expect(isValidMaterialsStatus(s)).toBe(isPrefix && !(s.notApplicable && count > 0));
      }),
    );
  });

  it('unticking a step leaves no later step ticked', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 6 }), fc.constantFrom(...MATERIAL_STEPS), (n, step) => {
        const after = applyMaterials(upTo(n), { type: 'setStep', step, value: false });
        const i = MATERIAL_STEPS.indexOf(step);
        expect(MATERIAL_STEPS.slice(i).some((s) => after[s])).toBe(false);
        expect(MATERIAL_STEPS.slice(0, i).every((s) => after[s] === upTo(n)[s])).toBe(true);
      }),
    );
  });
});
