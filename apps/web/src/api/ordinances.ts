import { useMutation, useQuery } from '@tanstack/react-query';
import type { OrdinanceAnswer, OrdinanceDetail, OrdinanceStatistics } from '@civicdesk/contract';
import { api } from './client';

export const ordinanceKeys = {
  statistics: ['ordinances', 'statistics'] as const,
  detail: (id: string) => ['ordinances', id] as const,
  summary: (id: string) => ['ordinances', id, 'summary'] as const,
};

const ordinancePath = (id: string) => `/ordinance/${encodeURIComponent(id)}`;

export function useOrdinance(id: string | undefined) {
  return useQuery({
    queryKey: ordinanceKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<OrdinanceDetail>(ordinancePath(id!), signal),
    enabled: Boolean(id),
  });
}

/** The summary is computed by an engine on request: kept for the visit, not refetched on focus. */
export function useOrdinanceSummary(id: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ordinanceKeys.summary(id ?? ''),
    queryFn: ({ signal }) => api.get<OrdinanceAnswer>(`${ordinancePath(id!)}/summary`, signal),
    enabled: Boolean(id) && enabled,
    staleTime: Infinity,
  });
}

export function useOrdinanceFollowup(id: string) {
  return useMutation({
    mutationFn: (question: string) => api.post<OrdinanceAnswer>(`${ordinancePath(id)}/followup`, { question }),
  });
}

export function useOrdinanceStatistics() {
  return useQuery({
    queryKey: ordinanceKeys.statistics,
    queryFn: ({ signal }) => api.get<OrdinanceStatistics>('/ordinance/statistics', signal),
    staleTime: 5 * 60_000,
  });
}
