/** A subcontractor not marked licensed, assigned to work of a licensed trade. */
import { quotedList } from '../format.js';
import { isDone } from '../project-views.js';
import type { InsightFinding, InsightTask } from '../types.js';
import type { InsightRule } from './rule.js';

/** Trades that need a state or local licence, and the words that name them in a task. */
export const LICENSED_TRADES: readonly { trade: string; pattern: RegExp }[] = [
  { trade: 'electrical', pattern: /\b(electric\w*|wiring|switch ?gear|panel ?boards?|service entrance)\b/ },
  { trade: 'plumbing', pattern: /\b(plumb\w*|water heaters?|gas (?:lines?|piping)|sewer|backflow)\b/ },
  {
    trade: 'HVAC',
    pattern: /\b(hvac|mechanical|heating|air condition\w*|ductwork|furnaces?|heat pumps?|refrigeration)\b/,
  },
  {
    trade: 'fire protection',
    pattern: /\b(fire (?:sprinklers?|alarms?|protection|suppression)|sprinklers?)\b/,
  },
  { trade: 'elevator', pattern: /\b(elevators?|escalators?)\b/ },
  { trade: 'asbestos and lead abatement', pattern: /\b(asbestos|abatement|lead paint)\b/ },
];

/** The licensed trade a task's work belongs to, or null. */
export function licensedTradeOf(task: Pick<InsightTask, 'name' | 'phase'>): string | null {
  const text = `${task.name} ${task.phase ?? ''}`.toLowerCase();
  return LICENSED_TRADES.find((t) => t.pattern.test(text))?.trade ?? null;
}

export const unlicensedSubcontractor: InsightRule = ({ input, views }) => {
  const projectName = new Map(views.map((v) => [v.project.id, v.project.name]));
  const unlicensed = new Map(
    input.contacts.filter((c) => c.type === 'subcontractor' && !c.licensed).map((c) => [c.id, c]),
  );
  const byContact = new Map<number, { task: InsightTask; trade: string }[]>();
  for (const task of input.tasks) {
    if (task.assignee?.kind !== 'contact' || isDone(task) || !projectName.has(task.projectId)) continue;
    if (!unlicensed.has(task.assignee.id)) continue;
    const trade = licensedTradeOf(task);
    if (!trade) continue;
    byContact.set(task.assignee.id, [...(byContact.get(task.assignee.id) ?? []), { task, trade }]);
  }
  const findings: InsightFinding[] = [];
  for (const [contactId, hits] of byContact) {
    const contact = unlicensed.get(contactId);
    const first = hits[0];
    if (!contact || !first) continue;
    const trades = [...new Set(hits.map((h) => h.trade))].join(' and ');
    const tasks = hits.map((h) => `${h.task.name}" in "${projectName.get(h.task.projectId)}`);
    findings.push({
      rule: 'unlicensed-subcontractor',
      key: `unlicensed-subcontractor:c${contactId}`,
      projectId: first.task.projectId,
      taskId: first.task.id,
      type: 'risk',
      severity: 'high',
      title: `Unlicensed subcontractor ${contact.name} on ${trades} work`,
      description: `${contact.name}${contact.specialty ? ` (${contact.specialty})` : ''} is a subcontractor not marked licensed, assigned to ${trades} work: ${quotedList(tasks)}.`,
      impact:
        'Licensed-trade work by an unlicensed contractor can fail inspection, void insurance and warranties, and stop the job.',
      recommendation: `Get ${contact.name}'s licence number and proof of insurance and tick Licensed on the contact, or assign a licensed ${trades} contractor.`,
      potentialSavings: null,
    });
  }
  return findings;
};
