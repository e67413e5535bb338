/**
 * What a bid lists after its total: alternates (add or deduct), options, exclusions. They are
 * priced but not in the base bid, so they are not work unless the user chooses to include them.
 * A line named `Alternate 2 - …` is one wherever it stands, and so is a line that says it is outside
 * the price (`not included in this total`, `by others`) or offered on request (`if required`).
 */
import { normalise } from '../lexicon.js';
import type { EstimateChoice, EstimateChoiceAnswers } from '../types.js';
import type { Draft, LineContext, ReaderState } from './state.js';
import { short } from './util.js';

const HEAD_RE =
  /^(?:(?:add|deduct|additive|deductive|bid)\s+)?(?:alternates?|alternatives?|options?|optional (?:items?|work|extras)|exclusions?|excluded(?: items?)?|not included|items? not included|clarifications? and exclusions)\b/i;
const ALTERNATE_LINE_RE =
  /^(?:(?:add|deduct|additive|deductive)\s+)?(?:alternate|alt\.?)\s*(?:no\.?|#)?\s*[0-9a-z]{1,3}\b/i;

/** A priced line that says it is outside the price: `… (not included in this total)`, `… by others`. */
const OUTSIDE_LINE_RE =
  /\b(?:not included|not in (?:this|the|our) (?:total|price|bid|quote|proposal)|excluded from (?:this |the )?(?:total|price|bid|quote)|by others|by owner)\b/i;
/** A priced line offered on request: `… if required`, `optional …`, `upon request`. */
const OPTIONAL_LINE_RE = /\b(?:if required|if needed|if requested|(?:up)?on request|optional)\b/i;

const SHORT_NAME = 100;

type AfterTotal = NonNullable<ReaderState['afterTotal']>;

function kindOf(text: string): AfterTotal {
  const t = normalise(text);
  if (/exclu|not included/.test(t)) return 'exclusion';
  if (/option/.test(t)) return 'option';
  return 'alternate';
}

/** A heading after the base bid's total (`ALTERNATES`, `Options`, `Exclusions`): what follows is not the base bid. */
export function handleAfterTotalHeading(st: ReaderState, ctx: LineContext): boolean {
  const { row, desc } = ctx;
  if (row.numbers.length > 0 || row.errors > 0 || !desc || desc.length > 80 || !HEAD_RE.test(desc.trim()))
    return false;
  const totalled = st.totals.some((t) => t.kind === 'grand' && t.sheet === st.sheet && t.value !== null);
  const explicit = /alternat/i.test(desc);
  if (!totalled && !explicit) return false;
  st.afterTotal = kindOf(desc);
  return true;
}

/** The disposition of a priced line read now: an alternate by its own name, or under an after-total heading. */
export function afterTotalKind(st: ReaderState, ownText: string): AfterTotal | null {
  if (ALTERNATE_LINE_RE.test(ownText.trim())) return 'alternate';
  // An item's name says so; a specification's prose (`plasticisers (if required)`) describes the work.
  if (ownText.length <= SHORT_NAME && OUTSIDE_LINE_RE.test(ownText)) return 'exclusion';
  if (ownText.length <= SHORT_NAME && OPTIONAL_LINE_RE.test(ownText)) return 'option';
  return st.afterTotal;
}

/** Sets the alternates, options and exclusions aside unless the user includes them; one choice each. */
export function settleAlternates(
  st: ReaderState,
  drafts: readonly Draft[],
  answers: EstimateChoiceAnswers = {},
): EstimateChoice[] {
  const choices: EstimateChoice[] = [];
  for (const d of drafts) {
    const kind = d.afterTotal;
    if (!kind || d.amount === null) continue;
    const key = `alternate:${d.line}`;
    const include = answers[key] === 'include';
    if (!include) {
      const what = kind === 'exclusion' ? 'an exclusion' : kind === 'option' ? 'an option' : 'an alternate';
      d.excluded ??= { disposition: kind, reason: `${what}, not in the base bid unless chosen` };
    }
    choices.push({
      key,
      kind: 'alternate',
      question: `Include "${short(d.description, 60)}" in the plan?`,
      options: [
        { id: 'include', label: 'Include', total: d.amount },
        { id: 'exclude', label: 'Leave out', total: 0 },
      ],
      defaultOption: 'exclude',
      chosen: include ? 'include' : 'exclude',
    });
  }
  if (choices.length > 0)
    st.notes.push(
      `${choices.length} alternate${choices.length === 1 ? '' : 's'}, option${choices.length === 1 ? '' : 's'} or exclusion${choices.length === 1 ? '' : 's'} after the total are not in the plan unless chosen.`,
    );
  return choices;
}
