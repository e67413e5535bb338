import { useCallback, useMemo, useState } from 'react';
import type { PlanGenerationDto } from '@/contracts/ai';
import type { EstimateCorrectionsBody, PlanReadingDto } from '@/contracts/estimate-review';
import type { EstimateChoice, EstimateDocument } from '@/domain/estimate/types';
import { answersBody, openChoices } from './answers';
import {
  type CorrectedRole,
  type CorrectedSheet,
  correctionCount,
  setLineRole,
  setLineTrade,
  setOptionsAfter,
  setSheet,
  setStatedTotal,
  tidyCorrections,
} from './corrections';
import { ledgerRows, linePages, optionStarts } from './ledger';
import { projectTypeOf, type ReadingOptions } from './reading-types';
import { reconciliationFigures } from './reconciliation';
import { useEstimateReading } from './use-estimate-reading';

/** Why a generation in this state cannot be planned from the review. */
function notWaiting(status: PlanGenerationDto['status']): string | null {
  switch (status) {
    case 'needs-input':
      return null;
    case 'running':
      return 'This estimate is being planned now: the review shows how it is read.';
    case 'succeeded':
      return 'This estimate is planned already: the review shows how it was read.';
    case 'failed':
      return 'This plan failed: generate it again from the project’s documents.';
  }
}

/** Why "Plan this" cannot be pressed now, or null. */
function blockedBy({
  status,
  error,
  pending,
  document,
  choices,
  answers,
}: {
  status: PlanGenerationDto['status'];
  error: string | null;
  pending: boolean;
  document: EstimateDocument | null;
  choices: readonly EstimateChoice[];
  answers: Record<string, string>;
}): string | null {
  const waiting = notWaiting(status);
  if (waiting) return waiting;
  if (error) return `The estimate could not be read here: ${error}`;
  if (!document || pending) return 'Reading the estimate again…';
  const open = openChoices(choices, answers)[0];
  if (open) return `Answer the question first: ${open.question}`;
  if (document.items.every((item) => item.kind !== 'work'))
    return 'Nothing is planned: give at least one line the role “Work”.';
  return null;
}

/**
 * The review's state: the answers and corrections as the user edits them, the estimate read again
 * with them (off the page's thread), the ledger's rows, the reconciliation's figures, and what
 * "Plan this" sends, or why it cannot be sent yet.
 */
export function useReview(reading: PlanReadingDto, generation: PlanGenerationDto) {
  const [answers, setAnswers] = useState<Record<string, string>>(() => ({ ...reading.choices }));
  const [corrections, setCorrections] = useState<EstimateCorrectionsBody>(() =>
    tidyCorrections(reading.corrections),
  );
  const [remember, setRemember] = useState(false);

  const options = useMemo<ReadingOptions>(
    () => ({
      projectType: projectTypeOf(reading.projectType),
      fileName: reading.fileName,
      choices: answers,
      corrections,
    }),
    [reading.projectType, reading.fileName, answers, corrections],
  );
  const { reading: result, pending, error } = useEstimateReading(reading.content, options);
  const pages = useMemo(() => linePages(reading.content), [reading.content]);
  const rows = useMemo(
    () => (result ? ledgerRows(result, pages, corrections) : []),
    [result, pages, corrections],
  );
  const starts = useMemo(() => (result ? optionStarts(result) : []), [result]);
  const document = result?.document ?? null;
  const figures = useMemo(() => reconciliationFigures(document?.reconciliation), [document]);
  const choices = document?.choices ?? [];

  const answer = useCallback(
    (key: string, option: string) => setAnswers((a) => ({ ...a, [key]: option })),
    [],
  );
  const handlers = useMemo(
    () => ({
      onRole: (line: number, role: CorrectedRole | undefined) =>
        setCorrections((c) => setLineRole(c, line, role)),
      onTrade: (line: number, trade: string | undefined) =>
        setCorrections((c) => setLineTrade(c, line, trade)),
      onSheet: (sheet: string, what: CorrectedSheet | undefined) =>
        setCorrections((c) => setSheet(c, sheet, what)),
    }),
    [],
  );
  const setTotal = useCallback((total: number | null) => setCorrections((c) => setStatedTotal(c, total)), []);
  const setAfter = useCallback((line: number | null) => setCorrections((c) => setOptionsAfter(c, line)), []);
  const reset = useCallback(() => setCorrections({}), []);

  const blocked = blockedBy({ status: generation.status, error, pending, document, choices, answers });

  const asked = generation.questions ? new Set(generation.questions.choices.map((c) => c.key)) : null;
  const body = () =>
    answersBody({
      choices,
      answers,
      asked,
      corrections,
      matches: document?.reconciliation?.matches ?? null,
      remember,
    });

  return {
    result,
    document,
    pending,
    rows,
    starts,
    figures,
    choices,
    answers,
    corrections,
    corrected: correctionCount(corrections),
    remember,
    setRemember,
    answer,
    handlers,
    setTotal,
    setAfter,
    reset,
    blocked,
    body,
  };
}
