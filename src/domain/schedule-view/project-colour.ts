/** Every project keeps one colour on the schedule, whatever the period or filter. */

/** Project colours cycle through a palette of this many. */
export const PROJECT_PALETTE_SIZE = 8;

/** The palette entry of a project: its id, cycling through the palette. */
export function projectColourIndex(projectId: number): number {
  return ((projectId % PROJECT_PALETTE_SIZE) + PROJECT_PALETTE_SIZE) % PROJECT_PALETTE_SIZE;
}
