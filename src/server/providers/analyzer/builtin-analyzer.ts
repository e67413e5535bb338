import { estimateToPlan } from '../../../domain/estimate/index.js';
import type { EstimateAnalyzer } from './estimate-analyzer.js';

/** The default analyzer: the domain's deterministic, offline reading of the estimate. */
export function createBuiltinAnalyzer(): EstimateAnalyzer {
  return {
    kind: 'builtin',
    async analyze(text, options) {
      return { plan: estimateToPlan(text, options), analyzer: 'builtin', notes: [] };
    },
  };
}
