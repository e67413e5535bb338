import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LOOKAHEAD_WEEKS } from '@/contracts/lookahead';
import { isLookaheadGrouping, type LookaheadGrouping } from './lookahead-view';

export interface LookaheadParams {
  weeks: number;
  grouping: LookaheadGrouping;
}

/** The parameters in an address; anything unreadable is three weeks by assignee. */
export function readLookaheadParams(search: URLSearchParams): LookaheadParams {
  const weeks = Number(search.get('weeks'));
  const grouping = search.get('group');
  return {
    weeks:
      Number.isInteger(weeks) && weeks >= LOOKAHEAD_WEEKS.min && weeks <= LOOKAHEAD_WEEKS.max
        ? weeks
        : LOOKAHEAD_WEEKS.default,
    grouping: isLookaheadGrouping(grouping) ? grouping : 'assignee',
  };
}

/** The span and grouping live in the address (`?weeks=3&group=trade`): a reload or shared link keeps them. */
export function useLookaheadParams(): [LookaheadParams, (next: Partial<LookaheadParams>) => void] {
  const [search, setSearch] = useSearchParams();
  const update = useCallback(
    (next: Partial<LookaheadParams>) =>
      setSearch(
        (current) => {
          const merged = { ...readLookaheadParams(current), ...next };
          return new URLSearchParams({ weeks: String(merged.weeks), group: merged.grouping });
        },
        { replace: true },
      ),
    [setSearch],
  );
  return [readLookaheadParams(search), update];
}
