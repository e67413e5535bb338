/** Rows of `ai_insights` → the DTO every insights answer uses. */
import type { InsightDto } from '../../../contracts/ai.js';
import type { InsightRow } from './insights.repo.js';

export function toInsightDto(row: InsightRow): InsightDto {
  return {
    id: row.id,
    projectId: row.projectId,
    taskId: row.taskId,
    type: row.type,
    severity: row.severity,
    title: row.title,
    description: row.description,
    impact: row.impact,
    recommendation: row.recommendation,
    potentialSavings: row.potentialSavings,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
  };
}
