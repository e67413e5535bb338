import { projectColourIndex } from '@/domain/schedule-view';

/** The eight project colours: a tinted chip with a strong edge, readable text, and a dot. */
const PALETTE = [
  { chip: 'border-l-blue-500 bg-blue-50 text-blue-950 hover:bg-blue-100', dot: 'bg-blue-500' },
  { chip: 'border-l-emerald-500 bg-emerald-50 text-emerald-950 hover:bg-emerald-100', dot: 'bg-emerald-500' },
  { chip: 'border-l-amber-500 bg-amber-50 text-amber-950 hover:bg-amber-100', dot: 'bg-amber-500' },
  { chip: 'border-l-violet-500 bg-violet-50 text-violet-950 hover:bg-violet-100', dot: 'bg-violet-500' },
  { chip: 'border-l-rose-500 bg-rose-50 text-rose-950 hover:bg-rose-100', dot: 'bg-rose-500' },
  { chip: 'border-l-cyan-600 bg-cyan-50 text-cyan-950 hover:bg-cyan-100', dot: 'bg-cyan-600' },
  { chip: 'border-l-orange-500 bg-orange-50 text-orange-950 hover:bg-orange-100', dot: 'bg-orange-500' },
  { chip: 'border-l-lime-600 bg-lime-50 text-lime-950 hover:bg-lime-100', dot: 'bg-lime-600' },
] as const;

/** A project's colour classes, the same on every view. */
export function projectColour(projectId: number) {
  return PALETTE[projectColourIndex(projectId)] ?? PALETTE[0];
}
