/**
 * Rows of the ai module → the DTOs it answers (insights are the insights module's). Imports no service, so the generation and the
 * plan's writes can both map through it without an import cycle.
 */
import { PLAN_STEPS, type PlanProgressDto, type PlanStep } from '../../../contracts/ai.js';
import type { PlanGenerationRow } from './ai.repo.js';

export function toPlanProgressDto(row: PlanGenerationRow): PlanProgressDto {
  const step = (PLAN_STEPS as readonly string[]).includes(row.step) ? (row.step as PlanStep) : 'initializing';
  const status =
    row.status === 'succeeded' || row.status === 'failed' || row.status === 'needs-input'
      ? row.status
      : 'running';
  return {
    generationId: row.id,
    projectId: row.projectId,
    status,
    step,
    percent: Math.max(0, Math.min(100, row.percent)),
    fileName: row.fileName,
    error: row.error,
    startedAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
