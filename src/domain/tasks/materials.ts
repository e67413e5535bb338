import { isPlainObject, type Parsed, parsed, parseJsonText, refused } from './result.js';

/**
 * The materials chain of a task: six steps ticked in order, or "Not Applicable".
 * - a step can be ticked only once the previous step is ticked;
 * - unticking a step clears every later step;
 * - ticking Not Applicable clears the six steps (which the screen then shows disabled);
 * - ticking a step clears Not Applicable (with Not Applicable on, every step is clear, so only the
 *   first step can be ticked, and doing so leaves Not Applicable);
 * - progress is ticked/6 as a percentage, or 100 when not applicable.
 */
export const MATERIAL_STEPS = ['needed', 'approved', 'ordered', 'shipped', 'delivered', 'finalized'] as const;
export type MaterialStep = (typeof MATERIAL_STEPS)[number];

export const MATERIAL_STEP_LABELS: Record<MaterialStep, string> = {
  needed: 'Needed',
  approved: 'Approved',
  ordered: 'Ordered',
  shipped: 'Shipped',
  delivered: 'Delivered',
  finalized: 'Finalized',
};

export type MaterialsStatus = { notApplicable: boolean } & Record<MaterialStep, boolean>;

export const MATERIALS_KEYS = ['notApplicable', ...MATERIAL_STEPS] as const;

export const EMPTY_MATERIALS: Readonly<MaterialsStatus> = Object.freeze({
  notApplicable: false,
  needed: false,
  approved: false,
  ordered: false,
  shipped: false,
  delivered: false,
  finalized: false,
});

export type MaterialsAction =
  | { type: 'setStep'; step: MaterialStep; value: boolean }
  | { type: 'toggleStep'; step: MaterialStep }
  | { type: 'setNotApplicable'; value: boolean }
  | { type: 'toggleNotApplicable' };

const indexOf = (step: MaterialStep) => MATERIAL_STEPS.indexOf(step);

/** Whether `step` may be ticked now: the first step always, any other once the previous one is ticked. */
export function canTick(state: MaterialsStatus, step: MaterialStep): boolean {
  const i = indexOf(step);
  if (i === 0) return true;
  const previous = MATERIAL_STEPS[i - 1];
  return previous !== undefined && state[previous];
}

/** Whether the screen offers the step's checkbox: not under Not Applicable, and in chain order. */
export function isStepEnabled(state: MaterialsStatus, step: MaterialStep): boolean {
  return !state.notApplicable && (state[step] || canTick(state, step));
}

/**
 * The state after one action. An action the rules do not allow (ticking a step whose previous
 * step is clear) leaves the state as it is; the result is always a valid state when `state` is.
 */
export function applyMaterials(state: MaterialsStatus, action: MaterialsAction): MaterialsStatus {
  switch (action.type) {
    case 'toggleStep':
      return applyMaterials(state, { type: 'setStep', step: action.step, value: !state[action.step] });
    case 'toggleNotApplicable':
      return applyMaterials(state, { type: 'setNotApplicable', value: !state.notApplicable });
    case 'setNotApplicable':
      return action.value ? { ...EMPTY_MATERIALS, notApplicable: true } : { ...state, notApplicable: false };
    case 'setStep': {
      if (action.value) {
        if (!canTick(state, action.step)) return state;
        return { ...state, notApplicable: false, [action.step]: true };
      }
      const i = indexOf(action.step);
      const next: MaterialsStatus = { ...state };
      for (const later of MATERIAL_STEPS.slice(i)) next[later] = false;
      return next;
    }
  }
}

/** Number of ticked steps (0–6). */
export function tickedSteps(state: MaterialsStatus): number {
  return MATERIAL_STEPS.filter((s) => state[s]).length;
}

/** 0–100: ticked steps out of six, or 100 when not applicable. */
export function materialsProgress(state: MaterialsStatus): number {
  if (state.notApplicable) return 100;
  return Math.round((tickedSteps(state) / MATERIAL_STEPS.length) * 100);
}

/** The line the Materials Status panel shows under its bar, if any. */
export function materialsNotice(state: MaterialsStatus): string | null {
  if (state.notApplicable) return 'Materials not applicable';
  if (materialsProgress(state) === 100) return 'All materials completed!';
  return null;
}

/** Why a state breaks the chain rules, or null when it keeps them. */
export function materialsStateProblem(state: MaterialsStatus): string | null {
  if (state.notApplicable && tickedSteps(state) > 0) {
    return 'Not Applicable cannot be combined with ticked steps';
  }
  for (let i = 1; i < MATERIAL_STEPS.length; i++) {
    const step = MATERIAL_STEPS[i] as MaterialStep;
    const previous = MATERIAL_STEPS[i - 1] as MaterialStep;
    if (state[step] && !state[previous]) {
      return `"${MATERIAL_STEP_LABELS[step]}" cannot be ticked before "${MATERIAL_STEP_LABELS[previous]}"`;
    }
  }
  return null;
}

export function isValidMaterialsStatus(state: MaterialsStatus): boolean {
  return materialsStateProblem(state) === null;
}

/**
 * Reads a materials status from outside data: an object whose keys are among the seven flags, each
 * a boolean (a missing flag is false), that keeps the chain rules.
 */
export function readMaterialsStatus(value: unknown): Parsed<MaterialsStatus> {
  if (!isPlainObject(value)) return refused('must be an object of flags');
  const state: MaterialsStatus = { ...EMPTY_MATERIALS };
  for (const [key, flag] of Object.entries(value)) {
    if (!(MATERIALS_KEYS as readonly string[]).includes(key)) {
      return refused(`has an unknown flag "${key}" (allowed: ${MATERIALS_KEYS.join(', ')})`);
    }
    if (typeof flag !== 'boolean') return refused(`flag "${key}" must be true or false`);
    state[key as keyof MaterialsStatus] = flag;
  }
  const problem = materialsStateProblem(state);
  return problem ? refused(`breaks the materials chain: ${problem}`) : parsed(state);
}

/** Reads a materials status from its stored JSON text; empty text is the empty state. */
export function parseMaterialsStatus(text: string | null | undefined): Parsed<MaterialsStatus> {
  if (text === null || text === undefined || text.trim() === '') return parsed({ ...EMPTY_MATERIALS });
  const json = parseJsonText(text);
  return json.ok ? readMaterialsStatus(json.value) : json;
}

/** The stored text of a state, keys in chain order. */
export function serializeMaterialsStatus(state: MaterialsStatus): string {
  return JSON.stringify(Object.fromEntries(MATERIALS_KEYS.map((k) => [k, state[k]])));
}

/** Whether the materials are on site: Delivered ticked (or Finalized), or the task needs none. */
export function materialsDelivered(state: MaterialsStatus): boolean {
  return state.notApplicable || state.delivered;
}

/**
 * The date the task's materials hold its start to while they are not delivered: the expected
 * delivery date, or null when none is set or the chain is at its delivered step (Not Applicable
 * counts as delivered). The schedule treats it as a start-no-earlier-than constraint.
 */
export function materialsStartConstraint(state: MaterialsStatus, expectedDate: string | null): string | null {
  return expectedDate && !materialsDelivered(state) ? expectedDate : null;
}

/**
 * Whether the task waits for materials: some are listed (Needed ticked, or an expected delivery
 * date set) and they are not delivered yet.
 */
export function materialsPending(state: MaterialsStatus, expectedDate: string | null): boolean {
  return !materialsDelivered(state) && (state.needed || expectedDate !== null);
}

/** The steps still to tick up to and including Delivered, in chain order. */
export function stepsToDelivery(state: MaterialsStatus): MaterialStep[] {
  if (materialsDelivered(state)) return [];
  return MATERIAL_STEPS.slice(0, MATERIAL_STEPS.indexOf('delivered') + 1).filter((step) => !state[step]);
}

/**
 * The day a task may start at the earliest, or null: the later of its own start-no-earlier-than and
 * its materials' expected delivery while they are not delivered (unreadable materials text counts
 * as not delivered).
 */
export function startConstraintOf(task: {
  startNoEarlierThan: string | null;
  materialsExpectedDate: string | null;
  materialsStatus: string | null;
}): string | null {
  const read = parseMaterialsStatus(task.materialsStatus);
  const materials = materialsStartConstraint(
    read.ok ? read.value : EMPTY_MATERIALS,
    task.materialsExpectedDate,
  );
  const own = task.startNoEarlierThan;
  if (own && materials) return own > materials ? own : materials;
  return own ?? materials;
}
