import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type {
  DraftContent,
  DraftedDocument,
  DraftKind,
  DraftResponse,
  DraftSummary,
  DraftVersion,
  EditOutcome,
  PromptResponse,
} from '@civicdesk/contract';
import { api, authHeaders, fetchApi, throwFor } from './client';
import { filenameFromContentDisposition, saveBlob } from './download';
import { streamPost } from './stream';

/** Drafting and the Draft Collection (spec §7 "Drafting", "Drafted documents"). */
export const draftKeys = {
  all: ['drafts'] as const,
  history: (filters: DraftFilters) => ['drafts', 'history', filters] as const,
  detail: (id: string) => ['drafts', 'detail', id] as const,
  versions: (id: string) => ['drafts', 'versions', id] as const,
  prompt: (kind: DraftKind) => ['drafts', 'prompt', kind] as const,
};

export interface DraftFilters {
  type?: DraftKind;
  start_date?: string;
  end_date?: string;
  query?: string;
  page: number;
}

export const DRAFT_PAGE_SIZE = 20;

export function useDraftHistory(filters: DraftFilters) {
  const params = new URLSearchParams({ page: String(filters.page), limit: String(DRAFT_PAGE_SIZE) });
  for (const key of ['type', 'start_date', 'end_date', 'query'] as const) if (filters[key]) params.set(key, filters[key]!);
  return useQuery({
    queryKey: draftKeys.history(filters),
    queryFn: ({ signal }) => api.get<{ documents: DraftSummary[]; total: number; page: number; limit: number }>(`/drafted_document/history?${params}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useDraft(id: string | undefined) {
  return useQuery({
    queryKey: draftKeys.detail(id ?? ''),
    queryFn: ({ signal }) => api.get<DraftedDocument>(`/drafted_document/${encodeURIComponent(id!)}`, signal),
    enabled: Boolean(id),
    // The editor holds the live text: a background refetch must not overwrite what is being typed.
    staleTime: Infinity,
  });
}

export function useDraftVersions(id: string, enabled: boolean) {
  return useQuery({
    queryKey: draftKeys.versions(id),
    queryFn: ({ signal }) => api.get<DraftVersion[]>(`/drafted_document/${encodeURIComponent(id)}/versions`, signal),
    enabled,
  });
}

export const fetchVersion = (id: string, version: number) =>
  api.get<DraftVersion & { content: DraftContent; text: string }>(`/drafted_document/${encodeURIComponent(id)}/versions/${version}`);

export function usePrompt(kind: DraftKind) {
  return useQuery({
    queryKey: draftKeys.prompt(kind),
    queryFn: ({ signal }) => api.get<PromptResponse>(`/prompt/${kind}`, signal),
  });
}

export interface DraftRequestFields {
  query: string;
  draft_input: string;
  enable_municipal_code_search: boolean;
  template: string;
  attachments: File[];
}

/** POST /{type}/draft, multipart (fields + attachments), as spec §7 says. */
export function requestDraft(kind: DraftKind, fields: DraftRequestFields) {
  const form = new FormData();
  form.append('query', fields.query);
  if (fields.draft_input.trim()) form.append('draft_input', fields.draft_input);
  form.append('enable_municipal_code_search', String(fields.enable_municipal_code_search));
  form.append('enable_web_search', 'false');
  form.append('template', fields.template);
  for (const file of fields.attachments) form.append('attachments', file, file.name);
  return api.post<DraftResponse>(`/${kind}/draft`, form);
}

export interface DraftSave {
  id: string;
  title?: string;
  content?: DraftContent;
  text?: string;
  base_version?: number;
  reason?: 'save' | 'autosave' | 'ai_edit';
}

/** Saves through the kind's own route (PUT /resolution, /ordinance, /staff_report, /agenda_item). */
export const saveDraft = (kind: DraftKind, body: DraftSave) => api.put<DraftedDocument>(`/${kind}`, body);
export const updateDraft = (body: DraftSave) => api.put<DraftedDocument>('/drafted_document', body);
export const deleteDraft = (id: string) => api.delete<{ success: true; id: string }>(`/drafted_document/${encodeURIComponent(id)}`);
export const restoreVersion = (id: string, version: number) => api.post<DraftedDocument>(`/drafted_document/${encodeURIComponent(id)}/restore`, { version });

/** Downloads an export with the bearer header (a token never goes in a URL), then saves it as a file. */
export async function downloadExport(id: string, format: 'docx' | 'pdf', filename: string) {
  const response = await fetchApi(`/drafted_document/${encodeURIComponent(id)}/export?format=${format}`, { headers: authHeaders('*/*') });
  if (!response.ok) await throwFor(response);
  // The server names the file after the draft as it is now (its name follows its title, decision 031).
  saveBlob(await response.blob(), filenameFromContentDisposition(response.headers.get('content-disposition')) ?? `${filename}.${format}`);
}

/** POST /chat/edit: the edited text arrives piece by piece; resolves with the whole text and what the engine did. */
export async function streamEdit(originalText: string, editRequest: string, opts: { signal?: AbortSignal; onText: (text: string) => void }): Promise<EditOutcome & { text: string }> {
  let text = '';
  let done: EditOutcome | null = null;
  await streamPost('/chat/edit', { original_text: originalText, edit_request: editRequest }, {
    signal: opts.signal,
    onEvent: (event) => {
      if (event.event === 'token') {
        text += (event.data as { text: string }).text;
        opts.onText(text);
      } else if (event.event === 'done') done = event.data as EditOutcome;
    },
  });
  return { ...done!, text };
}
