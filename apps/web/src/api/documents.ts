import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  EXTERNAL_DOCUMENT_PAGE_PARAM_LIMIT,
  EXTERNAL_DOCUMENT_PAGE_SIZE,
  EXTERNAL_DOCUMENT_SORT_BY,
  EXTERNAL_DOCUMENT_SORT_ORDER,
  errorBodySchema,
  type ExternalDocument,
  type externalDocumentPageSchema,
} from '@civicdesk/contract';
import { readToken } from '../lib/session';
import { ApiError, api, fetchApi } from './client';
import { searchKeys } from './search';

export type ExternalDocumentPage = ReturnType<typeof externalDocumentPageSchema.parse>;

export const documentKeys = {
  all: ['external-documents'] as const,
  page: (cityCode: string, page: number) => ['external-documents', cityCode, page] as const,
  file: (filename: string) => ['file', filename] as const,
};

/**
 * GET /external_document with the rules of spec §9: page size 10, newest update first, and a
 * page number below 1000 sent as `page`, a deeper one as `skip` (an item offset).
 */
export function externalDocumentListPath(page: number, cityCode?: string | null, limit: number = EXTERNAL_DOCUMENT_PAGE_SIZE): string {
  const params = new URLSearchParams();
  if (cityCode) params.set('city_code', cityCode);
  params.set('limit', String(limit));
  params.set('sort_by', EXTERNAL_DOCUMENT_SORT_BY);
  params.set('sort_order', String(EXTERNAL_DOCUMENT_SORT_ORDER));
  params.set('skip_caching', 'true');
  if (page < EXTERNAL_DOCUMENT_PAGE_PARAM_LIMIT) params.set('page', String(page));
  else params.set('skip', String((page - 1) * limit));
  return `/external_document?${params.toString()}`;
}

export function useExternalDocuments(page: number, cityCode: string | null) {
  const path = externalDocumentListPath(page, cityCode);
  return useQuery({
    queryKey: documentKeys.page(cityCode ?? '', page),
    queryFn: ({ signal }) => api.get<ExternalDocumentPage>(path, signal),
    placeholderData: keepPreviousData,
  });
}

const LOOKUP_PAGE_SIZE = 100;

/**
 * A search hit names an uploaded document by its id, but the file is served by its stored name.
 * The contract has no GET /external_document/{id}, so the list is read (100 at a time, newest
 * first, where a just-found document usually is) until the document turns up.
 */
export function useDocumentById(id: string | undefined, cityCode: string | null) {
  return useQuery({
    queryKey: ['external-documents', cityCode ?? '', 'by-id', id ?? ''],
    enabled: Boolean(id),
    queryFn: async ({ signal }) => {
      for (let page = 1; ; page += 1) {
        const list = await api.get<ExternalDocumentPage>(externalDocumentListPath(page, cityCode, LOOKUP_PAGE_SIZE), signal);
        const found = list.documents.find((document) => document.id === id);
        if (found) return found;
        if (list.documents.length === 0 || page * LOOKUP_PAGE_SIZE >= list.total) {
          throw new ApiError('request', 404, { code: 'NOT_FOUND', message: 'Document not found' }, 'NOT_FOUND');
        }
      }
    },
  });
}

/** POST /external_document?city_code — multipart, every file under the field name `files`. */
export function useUploadDocuments(cityCode: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (files: File[]) => {
      const form = new FormData();
      for (const file of files) form.append('files', file, file.name);
      const query = cityCode ? `?city_code=${encodeURIComponent(cityCode)}` : '';
      return api.post<{ documents: ExternalDocument[] }>(`/external_document${query}`, form);
    },
    onSuccess: () => {
      // A new document changes the list and what searches find.
      void queryClient.invalidateQueries({ queryKey: documentKeys.all });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    },
  });
}

export function useDeleteDocument() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true; id: string }>(`/external_document/${encodeURIComponent(id)}`),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: documentKeys.all });
      void queryClient.invalidateQueries({ queryKey: searchKeys.all });
    },
  });
}

export interface DocumentFile {
  blob: Blob;
  contentType: string;
}

/**
 * GET /file?filename — the original bytes. The JSON client cannot carry a binary body, so this
 * one call uses fetch directly with the same bearer header and the same error kinds.
 */
export async function fetchDocumentFile(filename: string, signal?: AbortSignal): Promise<DocumentFile> {
  const headers: Record<string, string> = {};
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetchApi(`/file?filename=${encodeURIComponent(filename)}`, { headers, signal });
  if (!response.ok) {
    const body = errorBodySchema.safeParse(await response.json().catch(() => null));
    const kind = response.status === 401 ? 'unauthorized' : [400, 403, 404].includes(response.status) ? 'request' : 'server';
    throw new ApiError(kind, response.status, body.success ? body.data : null, `HTTP_${response.status}`);
  }
  return { blob: await response.blob(), contentType: response.headers.get('content-type') ?? '' };
}

export function useDocumentFile(filename: string | undefined) {
  return useQuery({
    queryKey: documentKeys.file(filename ?? ''),
    queryFn: ({ signal }) => fetchDocumentFile(filename!, signal),
    enabled: Boolean(filename),
    staleTime: Infinity,
  });
}
