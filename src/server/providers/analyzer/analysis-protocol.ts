import type { EstimatePlan, EstimateToPlanOptions } from '../../../domain/estimate/types.js';

/** What the server sends the analysis thread. */
export interface AnalysisRequest {
  id: number;
  text: string;
  options: EstimateToPlanOptions | undefined;
}

/** What it answers: the plan (plain data, copied across), or the error the analysis threw. */
export type AnalysisReply =
  | { id: number; plan: EstimatePlan }
  | { id: number; error: { message: string; stack: string | undefined } };
