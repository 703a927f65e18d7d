import { useQuery } from '@tanstack/react-query';
import type { EditUserRequest, InviteRequest, UserView } from '@civicdesk/contract';
import { api } from './client';

export const adminKeys = {
  users: (locationCode: string) => ['admin', 'users', locationCode] as const,
  outbox: ['admin', 'outbox'] as const,
  reports: ['admin', 'reports'] as const,
  analytics: ['admin', 'analytics'] as const,
};

export function useUsersByLocation(locationCode: string | undefined) {
  return useQuery({
    queryKey: adminKeys.users(locationCode ?? ''),
    queryFn: ({ signal }) =>
      api.get<UserView[]>(`/user/by-location?location_code=${encodeURIComponent(locationCode!)}`, signal),
    enabled: Boolean(locationCode),
  });
}

export const inviteUser = (body: InviteRequest) => api.post<{ success: boolean; message?: string }>('/user/invite', body);
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
