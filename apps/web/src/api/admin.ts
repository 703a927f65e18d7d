import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditAction, AuditPage, EditUserRequest, InviteRequest, UserView } from '@civicdesk/contract';
import { api } from './client';

export const adminKeys = {
  users: (locationCode: string) => ['admin', 'users', locationCode] as const,
  outbox: ['admin', 'outbox'] as const,
  reports: ['admin', 'reports'] as const,
  analytics: ['admin', 'analytics'] as const,
  audit: (filters: AuditFilters, cursor: string | null) => ['admin', 'audit', filters, cursor] as const,
};

export function useUsersByLocation(locationCode: string | undefined) {
  return useQuery({
    queryKey: adminKeys.users(locationCode ?? ''),
    queryFn: ({ signal }) =>
      api.get<UserView[]>(`/user/by-location?location_code=${encodeURIComponent(locationCode!)}`, signal),
    enabled: Boolean(locationCode),
  });
}

/** `mail_status` queued: the mail server did not answer; the invitation waits in the outbox for a retry. */
export const inviteUser = (body: InviteRequest) =>
  api.post<{ success: boolean; message?: string; mail_status?: 'sent' | 'queued' | 'failed' | 'stored' | 'not_stored' }>('/user/invite', body);
export const editUser = (body: EditUserRequest) => api.put<{ success: boolean; user?: UserView }>('/user/edit-user', body);
export const deleteUser = (id: string) => api.delete<{ success: boolean }>(`/user/delete-user/${encodeURIComponent(id)}`);
export const resendInvitation = (email: string) =>
  api.post<{ success: boolean; message: string }>('/user/resend-invitation-code', { email });

/** Outbox and report rows: the API contract names the routes only, so fields are read leniently. */
export type LooseRecord = Record<string, unknown>;

/** The outbox or the feedback reports, newest first. */
export function useAdminList(kind: 'outbox' | 'reports') {
  return useQuery({
    queryKey: adminKeys[kind],
    queryFn: ({ signal }) => api.get<LooseRecord[] | { items: LooseRecord[] }>(`/admin/${kind}`, signal),
    select: listOf,
  });
}

export interface AnalyticsSummary {
  per_day: { day: string; count: number }[];
  per_tool: { tool: string; count: number }[];
  total_events: number;
  sessions: number;
  devices: number;
}

export function useAnalyticsSummary() {
  return useQuery({
    queryKey: adminKeys.analytics,
    queryFn: ({ signal }) => api.get<AnalyticsSummary>('/admin/analytics', signal),
  });
}

function listOf(answer: LooseRecord[] | { items: LooseRecord[] }): LooseRecord[] {
  return Array.isArray(answer) ? answer : Array.isArray(answer?.items) ? answer.items : [];
}

/** Audit log filters as the admin chose them: days as YYYY-MM-DD in the browser's own time zone. */
export interface AuditFilters {
  action?: AuditAction;
  actor?: string;
  from?: string;
  to?: string;
}

/** The local day's start (and, for `to`, the next day's start) as an exact time, so a day means the admin's day. */
function auditQuery(filters: AuditFilters, cursor: string | null): string {
  const params = new URLSearchParams();
  if (filters.action) params.set('action', filters.action);
  if (filters.actor?.trim()) params.set('actor', filters.actor.trim());
  if (filters.from) params.set('from', new Date(`${filters.from}T00:00`).toISOString());
  if (filters.to) {
    const end = new Date(`${filters.to}T00:00`);
    end.setDate(end.getDate() + 1);
    params.set('to', end.toISOString());
  }
  if (cursor) params.set('cursor', cursor);
  return params.toString();
}

/** One page of the audit log, newest first; `cursor` is the `next_cursor` of the page before. */
export function useAuditLog(filters: AuditFilters, cursor: string | null) {
  return useQuery({
    queryKey: adminKeys.audit(filters, cursor),
    queryFn: ({ signal }) => api.get<AuditPage>(`/admin/audit?${auditQuery(filters, cursor)}`, signal),
    placeholderData: keepPreviousData,
  });
}
