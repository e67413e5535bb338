import { createAnalysisThread } from './analysis-thread.js';
import type { EstimateAnalyzer } from './estimate-analyzer.js';

/**
 * The default analyzer: the domain's deterministic, offline reading of the estimate, run in a
 * thread of its own so that a long estimate never holds up the server's other requests. `script`:
 * the thread's compiled worker, for a server run from its TypeScript sources.
 */
export function createBuiltinAnalyzer(script?: string): EstimateAnalyzer {
  const thread = createAnalysisThread(script);
  return {
    kind: 'builtin',
    async analyze(text, options) {
      return { plan: await thread.analyze(text, options), analyzer: 'builtin', notes: [] };
    },
    close: () => thread.close(),
  };
}
