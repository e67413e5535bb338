import type { EstimateAnalyzer } from './estimate-analyzer.js';

/**
 * A few lines in the layout the reader gets from a spreadsheet: enough for every stage of the
 * built-in analysis (reading, trades, durations, sequencing) to run once.
 */
const SAMPLE_ESTIMATE = [
  '## Sheet: Estimate',
  'Description\tQty\tUnit\tUnit Cost\tAmount',
  'Concrete footings\t120\tCY\t185.00\t22,200.00',
  'Wood framing\t2,400\tSF\t12.00\t28,800.00',
  'Rough plumbing\t1\tLS\t9,500.00\t9,500.00',
  'Drywall hang and finish\t6,000\tSF\t2.00\t12,000.00',
  'Interior painting\t6,000\tSF\t1.10\t6,600.00',
  'Total\t\t\t\t79,100.00',
].join('\n');

/**
 * Runs the built-in analysis once on a small sample, so that the first estimate after a start does
 * not also pay for starting its thread and compiling the analysis there (the language-model
 * analyzer plans through the same code).
 */
export async function warmUpAnalysis(builtin: EstimateAnalyzer): Promise<void> {
  await builtin.analyze(SAMPLE_ESTIMATE, { projectType: 'Commercial' });
}
