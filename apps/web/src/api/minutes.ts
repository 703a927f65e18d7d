import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { JobState, MinutesRecord, minutesHistorySchema } from '@civicdesk/contract';
import { api } from './client';
import { pollWhileJobActive } from './jobs';

/** The Summarizer (spec §2 /summary; §7 "Minutes"): minutes summarized by a job, follow-up questions, the user's history. */
// The contract declares the history's shape once, as a schema; its parsed type is read off it (zod's `_output`).
export type MinutesHistory = (typeof minutesHistorySchema)['_output'];

export interface MinutesSubmitted {
  id: string;
  job_state: JobState;
  progress: number;
}

export const minutesKeys = {
  all: ['minutes'] as const,
  record: (id: string) => ['minutes', 'record', id] as const,
  history: (page: number) => ['minutes', 'history', page] as const,
  historyAll: ['minutes', 'history'] as const,
};

export const MINUTES_PAGE_SIZE = 20;

const path = (id: string) => encodeURIComponent(id);

/** GET /minutes/{id}, polled while its summary job is queued or running. */
export function useMinutes(id: string | null) {
  return useQuery({
    queryKey: minutesKeys.record(id ?? ''),
    queryFn: ({ signal }) => api.get<MinutesRecord>(`/minutes/${path(id!)}`, signal),
    enabled: Boolean(id),
    refetchInterval: pollWhileJobActive,
  });
}

export function minutesHistoryPath(page: number, limit = MINUTES_PAGE_SIZE): string {
  const params = new URLSearchParams({ limit: String(limit), skip: String((Math.max(1, page) - 1) * limit) });
  return `/minutes/history?${params}`;
}

export function useMinutesHistory(page: number) {
  return useQuery({
    queryKey: minutesKeys.history(page),
    queryFn: ({ signal }) => api.get<MinutesHistory>(minutesHistoryPath(page), signal),
    placeholderData: keepPreviousData,
  });
}

/** POST /minutes (multipart): the optional fields first, the file last (the server reads the fields before it streams the file). */
export function submitMinutesFile(file: File, fields: { title?: string; location_code?: string | null } = {}) {
  const form = new FormData();
  if (fields.title?.trim()) form.append('title', fields.title.trim());
  if (fields.location_code) form.append('location_code', fields.location_code);
  form.append('file', file, file.name);
  return api.post<MinutesSubmitted>('/minutes', form);
}

export function submitMinutesText(text: string, fields: { title?: string; location_code?: string | null } = {}) {
  return api.post<MinutesSubmitted>('/minutes/text', {
    text,
    ...(fields.title?.trim() ? { title: fields.title.trim() } : {}),
    ...(fields.location_code ? { location_code: fields.location_code } : {}),
  });
}

/** POST /minutes/{id}/followup: the answer comes back inside the whole updated record. */
export const askMinutesFollowup = (id: string, question: string) => api.post<MinutesRecord>(`/minutes/${path(id)}/followup`, { question: question.trim() });
