/**
 * The four link types of the precedence diagram method, declared once for the engine, the task
 * dependencies, the estimate sequencer, the file readers and writers, and the Gantt.
 */

/** Finish-to-start, start-to-start, finish-to-finish, start-to-finish. */
export const LINK_TYPES = ['FS', 'SS', 'FF', 'SF'] as const;
export type LinkType = (typeof LINK_TYPES)[number];

/** Whether a value is one of the four link types. */
export function isLinkType(value: unknown): value is LinkType {
  return typeof value === 'string' && (LINK_TYPES as readonly string[]).includes(value);
}

/** Each link type's name, in the order a link editor offers them. */
export const LINK_TYPE_NAMES: Readonly<Record<LinkType, string>> = {
  FS: 'Finish to start',
  SS: 'Start to start',
  FF: 'Finish to finish',
  SF: 'Start to finish',
};
