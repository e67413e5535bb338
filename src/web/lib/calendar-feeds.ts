/**
 * Calendar feeds, shared by the schedule (the user's personal feed) and the project page (a
 * project's feed to share): the calls, their query keys and hooks.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  type CalendarFeedDto,
  type CreateCalendarFeedInput,
  calendarFeedDto,
  calendarFeedPaths,
  issuedCalendarFeedDto,
} from '@/contracts/calendar-feeds';
import { apiRequest } from './api-client';

export const calendarFeedKeys = {
  all: () => [calendarFeedPaths.list] as const,
  /** One scope's feed: the user's personal feed (`null`) or a project's. */
  scope: (projectId: number | null) => [calendarFeedPaths.list, projectId ?? 'personal'] as const,
};

/** GET /api/calendar-feeds: the feed in use of one scope, or null. */
export const calendarFeedQueryOptions = (projectId: number | null) =>
  queryOptions({
    queryKey: calendarFeedKeys.scope(projectId),
    queryFn: async (): Promise<CalendarFeedDto | null> => {
      const url =
        projectId === null ? calendarFeedPaths.list : `${calendarFeedPaths.list}?projectId=${projectId}`;
      const feeds = z.array(calendarFeedDto).parse(await apiRequest('GET', url));
      return feeds.find((f) => f.projectId === projectId) ?? null;
    },
  });

export function useCalendarFeed(projectId: number | null) {
  return useQuery(calendarFeedQueryOptions(projectId));
}

/** POST /api/calendar-feeds: turns the scope's feed on, or gives it a new address. */
export function useIssueCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: CreateCalendarFeedInput) =>
      issuedCalendarFeedDto.parse(await apiRequest('POST', calendarFeedPaths.list, body)),
    onSuccess: (feed) =>
      queryClient.setQueryData(calendarFeedKeys.scope(feed.projectId), {
        id: feed.id,
        projectId: feed.projectId,
        projectName: feed.projectName,
        createdAt: feed.createdAt,
      }),
  });
}

/** DELETE /api/calendar-feeds/{id}: turns a feed off. */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (feed: CalendarFeedDto) => {
      await apiRequest('DELETE', `${calendarFeedPaths.list}/${feed.id}`);
      return feed;
    },
    onSuccess: (feed) => queryClient.setQueryData(calendarFeedKeys.scope(feed.projectId), null),
  });
}
