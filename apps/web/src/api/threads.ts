import { useQuery } from '@tanstack/react-query';
import type { ThreadDetail, ThreadSummary } from '@civicdesk/contract';
import { api } from './client';

export const threadKeys = {
  list: ['threads'] as const,
  detail: (id: string) => ['threads', id] as const,
};

/** Newest first by updatedAt (spec §2). */
export function sortThreadsByUpdatedAt(threads: readonly ThreadSummary[]): ThreadSummary[] {
  return [...threads].sort((a, b) => Date.parse(b.updatedAt) - Date.parse(a.updatedAt));
}

export function useThreads(enabled: boolean) {
  return useQuery({
    queryKey: threadKeys.list,
    queryFn: ({ signal }) => api.get<ThreadSummary[]>('/municipal_code/threads', signal),
    select: sortThreadsByUpdatedAt,
    enabled,
  });
}

export function useThread(threadId: string | undefined) {
  return useQuery({
    queryKey: threadKeys.detail(threadId ?? ''),
    queryFn: ({ signal }) => api.get<ThreadDetail>(`/municipal_code/thread/${encodeURIComponent(threadId!)}`, signal),
    enabled: Boolean(threadId),
  });
}

export function renameThread(threadId: string, title: string) {
  return api.post<{ success: boolean; message: string; thread: ThreadSummary }>('/municipal_code/rename-thread', {
    thread_id: threadId,
    title,
  });
}

export function deleteThread(threadId: string) {
  return api.delete<{ success: boolean; message: string }>(`/municipal_code/thread/${encodeURIComponent(threadId)}`);
}
