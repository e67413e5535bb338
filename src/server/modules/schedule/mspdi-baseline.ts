/**
 * A task's baseline in MS Project XML: baseline 0 (the one MS Project compares with by default),
 * written inside the `Task` after its predecessor links, with the children in the schema's order
 * (`Number`, `Start`, `Finish`, `Duration`, `DurationFormat`).
 */

/** A task's baseline as written: instants and working hours. */
export interface MspdiBaselineElement {
  start: string;
  finish: string;
  hours: number;
}

/** Working hours as MSPDI writes them: `PT16H0M0S`; fractional hours as minutes. */
export function isoHours(hours: number): string {
  const whole = Math.floor(hours);
  const minutes = Math.round((hours - whole) * 60);
  return `PT${whole}H${minutes}M0S`;
}

export function writeBaseline(
  out: string[],
  field: (indent: number, name: string, value: string | number) => void,
  baseline: MspdiBaselineElement,
  durationFormat: number,
): void {
  out.push('\t\t\t<Baseline>');
  field(4, 'Number', 0);
  field(4, 'Start', baseline.start);
  field(4, 'Finish', baseline.finish);
  field(4, 'Duration', isoHours(baseline.hours));
  field(4, 'DurationFormat', durationFormat);
  out.push('\t\t\t</Baseline>');
}
