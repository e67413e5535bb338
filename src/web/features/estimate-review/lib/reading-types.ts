/**
 * What the review's reading takes and gives, and the messages of its worker. Types only (and one
 * small helper), so that the page's code does not carry the reader: the reader runs in the worker.
 */

import { PROJECT_TYPES, type ProjectType } from '@/contracts/enums';
import type { EstimateCorrectionsBody } from '@/contracts/estimate-review';
import type { EstimateDocument, EstimateSourceLine, Trade } from '@/domain/estimate/types';

/** What the review reads with: the project's type, the file's name, the answers and the corrections. */
export interface ReadingOptions {
  projectType: ProjectType | null;
  fileName: string | null;
  choices: Record<string, string>;
  corrections: EstimateCorrectionsBody;
}

/** A line as the reader read it before any correction, with its item's trade and section if planned. */
export interface AsReadLine extends EstimateSourceLine {
  trade: Trade | null;
  section: string | null;
}

export interface Reading {
  document: EstimateDocument;
  /** Every amount line as read without corrections (with the same answers), in line order. */
  asRead: AsReadLine[];
  /** How long the reading took, in milliseconds. */
  ms: number;
}

/** To the worker: the estimate's text (once), then readings to make. */
export type ToReadingWorker =
  | { type: 'content'; content: string }
  | { type: 'read'; id: number; options: ReadingOptions };

/** From the worker: a reading, or why it could not be made. */
export type FromReadingWorker =
  | { type: 'read'; id: number; reading: Reading }
  | { type: 'error'; id: number; message: string };

/** The project's type as the reader takes it (null for none or one it does not know). */
export function projectTypeOf(value: string | null): ProjectType | null {
  return (PROJECT_TYPES as readonly string[]).includes(value ?? '') ? (value as ProjectType) : null;
}
