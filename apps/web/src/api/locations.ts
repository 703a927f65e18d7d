import { useQuery } from '@tanstack/react-query';
import type { CreateLocationRequest, FILE_IMPORT_SOURCES, LegistarImportRequest, Location, LocationImport } from '@civicdesk/contract';

export type FileImportSource = (typeof FILE_IMPORT_SOURCES)[number];
import { api } from './client';
import { isJobActive, JOB_POLL_MS } from './jobs';

/** Cities and their imports (issue 21): ADMIN adds a city; ADMIN or the city's SUPERUSER imports its code book. */
export const locationKeys = {
  imports: (code: string) => ['locations', code, 'imports'] as const,
};

export const createLocation = (body: Omit<CreateLocationRequest, 'code_site_url'> & { code_site_url?: string }) => api.post<Location>('/location', body);

/** POST /location/{code}/imports (multipart): the code book's files, or agenda and minutes documents, sent together. */
export function importFiles(code: string, source: FileImportSource, files: File[], replace = false) {
  const form = new FormData();
  form.append('source', source);
  if (source === 'code' && replace) form.append('replace', 'true');
  // The files go last: the server reads the fields before it streams them.
  for (const file of files) form.append('files', file, file.name);
  return api.post<{ id: string; job_state: LocationImport['job_state']; progress: number }>(`/location/${encodeURIComponent(code)}/imports`, form);
}

/** POST /location/{code}/imports (JSON): the city's meetings, items and measures from its Legistar Web API. */
export const importLegistar = (code: string, body: LegistarImportRequest) =>
  api.post<{ id: string; job_state: LocationImport['job_state']; progress: number }>(`/location/${encodeURIComponent(code)}/imports`, body);

/** A code import whose sections' meaning vectors are still being built (after the import itself completed). */
export const vectorsBuilding = (i: LocationImport) => i.job_state === 'completed' && !!i.counts.vectors_total && (i.counts.vectors ?? 0) < i.counts.vectors_total && !i.counts.vectors_failed;

/** A city's imports, newest first, polled while one of them runs. */
export function useLocationImports(code: string) {
  return useQuery({
    queryKey: locationKeys.imports(code),
    queryFn: ({ signal }) => api.get<{ imports: LocationImport[] }>(`/location/${encodeURIComponent(code)}/imports`, signal),
    refetchInterval: (query) => (query.state.data?.imports.some((i) => isJobActive(i.job_state) || vectorsBuilding(i)) ? JOB_POLL_MS : false),
  });
}
