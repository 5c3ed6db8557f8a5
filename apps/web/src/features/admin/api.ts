/**
 * Operators' reports: TanStack Query hooks over `/admin/*`. Open reports are
 * read page by page, newest first; dismissing or suspending refetches them.
 */
import { adminReportSchema, lenientListSchema, messageResponseSchema } from '@gameon/shared';
import type { AdminReport } from '@gameon/shared';
import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQueryClient,
} from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Reports fetched per request. */
export const REPORTS_PAGE_SIZE = 20;

interface ReportPage {
  reports: AdminReport[];
  /** Cursor of the next, older page (`X-Next-Cursor`), null at the oldest. */
  nextCursor: string | null;
}

/** Query options of the admin feature. */
export const adminQueries = {
  /** Prefix of every admin query. */
  all: () => ['admin'] as const,
  /** `GET /admin/reports`: open reports, newest first; `fetchNextPage` loads older pages. */
  reports: () =>
    infiniteQueryOptions({
      queryKey: [...adminQueries.all(), 'reports'] as const,
      initialPageParam: null as string | null,
      queryFn: async ({ pageParam, signal }): Promise<ReportPage> => {
        const { data, nextCursor } = await apiRequest('/admin/reports', {
          query: { limit: REPORTS_PAGE_SIZE, cursor: pageParam ?? undefined },
          schema: lenientListSchema(adminReportSchema),
          signal,
        });
        return { reports: data, nextCursor };
      },
      getNextPageParam: (page) => page.nextCursor,
    }),
};

/** The open reports ({@link adminQueries.reports}), every loaded page in one list. */
export function useOpenReports(enabled: boolean) {
  return useInfiniteQuery({
    ...adminQueries.reports(),
    enabled,
    select: (data) => data.pages.flatMap((page) => page.reports),
  });
}

/**
 * One operator action, `POST /admin/{path}`: `reports/{id}/dismiss` or `users/{id}/suspend`.
 * Answers the server's message; the reports are refetched after.
 */
export function useAdminAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (path: `reports/${number}/dismiss` | `users/${number}/suspend`) =>
      (await apiRequest(`/admin/${path}`, { method: 'POST', schema: messageResponseSchema })).data
        .message,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminQueries.all() }),
  });
}
