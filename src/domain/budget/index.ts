export {
  BUDGET_LINE_KINDS,
  type BudgetLineKind,
  COST_TYPES,
  type CompanyCostCode,
  type CostCodeSetName,
  type CostType,
  costCodeFor,
  STANDARD_COST_CODES,
  type StandardCostCode,
  standardSetFor,
} from './cost-codes.js';
export { costTypeOf } from './cost-type.js';
export { type EstimateBudgetLine, estimateBudget, toCents } from './estimate-budget.js';
export {
  type JobCostFigures,
  type JobCostInputs,
  jobCostFigures,
  sumJobCost,
  type WorkInProgress,
  workInProgress,
} from './job-cost.js';
export {
  decimalToCents,
  figuresOf,
  type JobCostCellInputs,
  type JobCostReport,
  jobCostReport,
  type ReportCell,
  type ReportCodeRow,
  type ReportFigures,
  type ReportTaskRow,
  reportCell,
  sumFigures,
} from './job-cost-report.js';
