/**
 * The job cost figures of a budget line (or of any sum of lines: a cost code, a task, the job), in
 * whole cents. Each figure is a sum of its parts, so a code's figures are its lines' figures added
 * up and the job's are its codes', to the cent.
 *
 * - revised = original + approved change orders + budget transfers (in or out);
 * - committed (open) = what issued purchase orders and subcontracts still owe: their amount less
 *   what has been billed against them, never below nothing;
 * - actual = bills + labour (hours × rate) + expenses;
 * - cost to complete = what is still to be spent: the open commitment plus an estimate of the
 *   uncommitted rest. The rest defaults to revised − actual − open commitment (never below
 *   nothing), so by default cost to complete is revised − actual, and never below the open
 *   commitment; an estimate given for the line replaces the default rest;
 * - EAC (estimate at completion) = actual + open commitment + the uncommitted rest;
 * - variance = revised − EAC (negative: the line is heading over its budget).
 */
export interface JobCostInputs {
  originalCents: number;
  approvedChangeCents: number;
  transferCents: number;
  /** Issued commitments' amounts on the line. */
  committedCents: number;
  /** Billed against those commitments. */
  billedOnCommitmentsCents: number;
  /** Bills (with or without a commitment), labour and expenses. */
  actualCents: number;
  /** The user's estimate of the uncommitted cost still to come, when they gave one. */
  uncommittedEstimateCents: number | null;
}

export interface JobCostFigures {
  originalCents: number;
  revisedCents: number;
  openCommittedCents: number;
  actualCents: number;
  uncommittedToCompleteCents: number;
  costToCompleteCents: number;
  eacCents: number;
  varianceCents: number;
}

export function jobCostFigures(line: JobCostInputs): JobCostFigures {
  const revisedCents = line.originalCents + line.approvedChangeCents + line.transferCents;
  const openCommittedCents = Math.max(0, line.committedCents - line.billedOnCommitmentsCents);
  const uncommittedToCompleteCents =
    line.uncommittedEstimateCents !== null
      ? Math.max(0, line.uncommittedEstimateCents)
      : Math.max(0, revisedCents - line.actualCents - openCommittedCents);
  const costToCompleteCents = openCommittedCents + uncommittedToCompleteCents;
  const eacCents = line.actualCents + costToCompleteCents;
  return {
    originalCents: line.originalCents,
    revisedCents,
    openCommittedCents,
    actualCents: line.actualCents,
    uncommittedToCompleteCents,
    costToCompleteCents,
    eacCents,
    varianceCents: revisedCents - eacCents,
  };
}

/** Figures added up (a cost code's lines, a task's, the job's). */
export function sumJobCost(rows: readonly JobCostFigures[]): JobCostFigures {
  const total: JobCostFigures = {
    originalCents: 0,
    revisedCents: 0,
    openCommittedCents: 0,
    actualCents: 0,
    uncommittedToCompleteCents: 0,
    costToCompleteCents: 0,
    eacCents: 0,
    varianceCents: 0,
  };
  for (const row of rows)
    for (const key of Object.keys(total) as (keyof JobCostFigures)[]) total[key] += row[key];
  return total;
}

/**
 * Work in progress by the cost-to-cost method: percent complete = cost to date ÷ estimated cost at
 * completion; earned revenue = the contract amount × that share; billed ahead of it is over billing
 * (positive), behind it under billing (negative). Whole cents, rounded once.
 */
export interface WorkInProgress {
  percentComplete: number;
  earnedCents: number;
  overUnderBillingCents: number;
}

export function workInProgress(job: {
  actualCents: number;
  eacCents: number;
  contractCents: number;
  billedToClientCents: number;
}): WorkInProgress {
  const share = job.eacCents > 0 ? Math.min(1, Math.max(0, job.actualCents / job.eacCents)) : 0;
  const earnedCents = Math.round(job.contractCents * share);
  return {
    percentComplete: Math.round(share * 1000) / 10,
    earnedCents,
    overUnderBillingCents: job.billedToClientCents - earnedCents,
  };
}
