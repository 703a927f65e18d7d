import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AgendaDetail, AgendaStats, agendaListSchema } from '@civicdesk/contract';
import { api } from './client';

export type AgendaList = ReturnType<typeof agendaListSchema.parse>;

export interface AgendaListFilter {
  meetingType?: string;
  from?: string;
  to?: string;
  skip?: number;
  limit?: number;
}

export const agendaKeys = {
  stats: ['agendas', 'stats'] as const,
  list: (query: string) => ['agendas', 'list', query] as const,
  detail: (id: string) => ['agendas', 'detail', id] as const,
};

/** GET /agenda with the spec's agenda list filter (start_date, end_date, meeting_type), newest first. */
export function agendaListPath(filter: AgendaListFilter): string {
  const params = new URLSearchParams();
  if (filter.meetingType) params.set('meeting_type', filter.meetingType);
  if (filter.from) params.set('start_date', filter.from);
  if (filter.to) params.set('end_date', filter.to);
  params.set('skip', String(filter.skip ?? 0));
  params.set('limit', String(filter.limit ?? 20));
  params.set('sort_order', 'desc');
  return `/agenda?${params.toString()}`;
}

export function useAgendaList(filter: AgendaListFilter) {
  const path = agendaListPath(filter);
  return useQuery({
    queryKey: agendaKeys.list(path),
    queryFn: ({ signal }) => api.get<AgendaList>(path, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAgendaStats() {
  return useQuery({
    queryKey: agendaKeys.stats,
    queryFn: ({ signal }) => api.get<AgendaStats>('/agenda/stats', signal),
    staleTime: 5 * 60_000,
  });
}

export function useAgenda(id: string | undefined) {
  return useQuery({
    queryKey: agendaKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<AgendaDetail>(`/agenda/${encodeURIComponent(id!)}`, signal),
    enabled: Boolean(id),
  });
}
