import { useQuery } from '@tanstack/react-query';
import type { Location, Organization } from '@civicdesk/contract';
import { api } from './client';

const HOUR_MS = 60 * 60 * 1000;

export function useLocations(enabled = true) {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => api.get<Location[]>('/location', signal),
    staleTime: HOUR_MS,
    enabled,
  });
}

export function useEnabledCodes(enabled = true) {
  return useQuery({
    queryKey: ['locations', 'enabled-codes'],
    queryFn: ({ signal }) => api.get<Location[]>('/location/enabled-codes', signal),
    staleTime: HOUR_MS,
    enabled,
  });
}

export function useOrganizations(enabled = true) {
  return useQuery({
    queryKey: ['organizations'],
    queryFn: ({ signal }) => api.get<Organization[]>('/organization', signal),
    staleTime: HOUR_MS,
    enabled,
  });
}

export interface PublicConfig {
  translation_widget_url: string | null;
  avatar_service_url: string | null;
}

/** Third-party slots (decisions.md: off by default). A failure just leaves them off. */
export function usePublicConfig(enabled = true) {
  return useQuery({
    queryKey: ['config', 'public'],
    queryFn: ({ signal }) => api.get<PublicConfig>('/config/public', signal),
    staleTime: Infinity,
    retry: false,
    enabled,
  });
}

export function reportIssue(description: string, pageUrl: string) {
  return api.post<{ success: boolean; id: string }>('/report/report-issue', { description, page_url: pageUrl });
}
