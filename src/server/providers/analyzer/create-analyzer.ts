import type { Config } from '../../config.js';
import { createBuiltinAnalyzer } from './builtin-analyzer.js';
import type { EstimateAnalyzer } from './estimate-analyzer.js';
import { createModelAnalyzer } from './model-analyzer.js';

/** The analyzer `config.analyzer` names: built-in, or a language model that falls back to it. */
export function createEstimateAnalyzer(
  config: Config['analyzer'],
  log?: { warn(obj: object, msg: string): void },
  analysisScript?: string,
): EstimateAnalyzer {
  const builtin = createBuiltinAnalyzer(analysisScript);
  if (config.kind === 'builtin') return builtin;
  return createModelAnalyzer({
    baseUrl: config.baseUrl,
    apiKey: config.apiKey,
    model: config.model,
    timeoutMs: config.timeoutMs,
    fallback: builtin,
    ...(log ? { log } : {}),
  });
}
