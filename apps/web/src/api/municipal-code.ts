import { useQuery } from '@tanstack/react-query';
import {
  noDrafting,
  generateResponseSchema,
  type AssistantSettings,
  type CodeSection,
  type DraftEmailResponse,
  type GenerateResponse,
  type HistoryTurn,
} from '@civicdesk/contract';
import { SPEC_MESSAGES } from '../lib/messages';
import { ApiError, CHECK_INTERNET_CONNECTION, api } from './client';

/** What the question box sends (spec §3 "Municipal code generation request"). */
export interface GenerationRequest {
  question: string;
  cityCode?: string;
  threadId?: string;
  history?: HistoryTurn[];
  enableWebSearch: boolean;
  enableMunicipalCodeSearch: boolean;
  attachments?: File[];
  template?: string;
  draftInput?: string;
}

export const municipalCodeKeys = {
  settings: ['municipal-code', 'settings'] as const,
  section: (id: string) => ['municipal-code', 'section', id] as const,
  draftEmail: (threadId: string, question: string, audience: EmailAudience) =>
    ['municipal-code', 'draft-email', threadId, question, audience] as const,
};

/**
 * Spec §8: a failed generation is an empty result with success false and the error message, or
 * 'Unknown error occurred'. The UI renders this one shape whether the call failed or not.
 */
export function failedGeneration(message: string, question = ''): GenerateResponse {
  return {
    id: '',
    analysis: { summary: '', citations: [] },
    metadata: {
      queries: [],
      user_intent: '',
      total_codes_found: 0,
      total_documents_found: 0,
      question,
      drafting_performed: false,
      drafted_documents: [],
      drafting_summary: '',
      search_performed: false,
      city_code: '',
      location_name: '',
      is_editing: false,
      edited_draft_type: null,
      engine: 'offline',
      engine_label: '',
      model: null,
      fallback_reason: null,
      dropped_citations: 0,
      answer_found: false,
      thread_id: '',
      web_search: 'off',
      duration_ms: 0,
    },
    codes: [],
    documents: [],
    drafting_results: noDrafting(),
    errors: [message],
    success: false,
    timestamp: new Date().toISOString(),
  };
}

/** The message of a failed call: the server's own words when it sent some, else the error's. */
export function generationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isOffline) return CHECK_INTERNET_CONNECTION;
    return error.body?.message?.trim() || SPEC_MESSAGES.unknownGenerationError;
  }
  if (error instanceof Error && error.message.trim()) return error.message.trim();
  return SPEC_MESSAGES.unknownGenerationError;
}

/** A 200 with nothing usable in it gives 'No data received from server' (spec §8). */
export function normaliseGeneration(answer: unknown, question = ''): GenerateResponse {
  if (answer === undefined || answer === null || answer === '') return failedGeneration(SPEC_MESSAGES.noDataReceived, question);
  const parsed = generateResponseSchema.safeParse(answer);
  return parsed.success ? parsed.data : failedGeneration(SPEC_MESSAGES.noDataReceived, question);
}

/** Multipart, as spec §7 says: form fields are strings, history is a JSON string, files go in `attachments`. */
export function generationForm(request: GenerationRequest): FormData {
  const form = new FormData();
  form.set('main_user_question', request.question);
  if (request.cityCode) form.set('city_code', request.cityCode);
  if (request.threadId) form.set('thread_id', request.threadId);
  if (request.history?.length) form.set('history', JSON.stringify(request.history));
  form.set('enable_web_search', String(request.enableWebSearch));
  form.set('enable_municipal_code_search', String(request.enableMunicipalCodeSearch));
  if (request.template) form.set('template', request.template);
  if (request.draftInput) form.set('draft_input', request.draftInput);
  for (const file of request.attachments ?? []) form.append('attachments', file, file.name);
  return form;
}

/** POST /municipal_code/generate. Never throws: every failure comes back in the §8 shape. */
export async function generateAnswer(request: GenerationRequest): Promise<GenerateResponse> {
  try {
    const answer = await api.post<unknown>('/municipal_code/generate', generationForm(request));
    return normaliseGeneration(answer, request.question);
  } catch (error) {
    return failedGeneration(generationErrorMessage(error), request.question);
  }
}

/** The stored answer of an assistant turn (its payload), when it has the generation shape. */
export function storedAnswerOf(payload: unknown): GenerateResponse | null {
  const parsed = generateResponseSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/** What the user sent with a question: the names of the attached files and the two switches. */
export function storedQuestionOf(payload: unknown): { attachments: string[]; webSearch: boolean; codeSearch: boolean } {
  const value = (payload && typeof payload === 'object' ? payload : {}) as Record<string, unknown>;
  const attachments = Array.isArray(value.attachments) ? value.attachments.filter((a): a is string => typeof a === 'string') : [];
  return { attachments, webSearch: value.enable_web_search === true, codeSearch: value.enable_municipal_code_search !== false };
}

export function useAssistantSettings() {
  return useQuery({
    queryKey: municipalCodeKeys.settings,
    queryFn: ({ signal }) => api.get<AssistantSettings>('/municipal_code/settings', signal),
    staleTime: 5 * 60_000,
    // While the city's index is being built the form says so; it says when it is ready.
    refetchInterval: (query) => (query.state.data?.code_index_ready === false ? 10_000 : false),
  });
}

/** A code section by its id (spec §5: ids longer than 11 characters are document ids). */
export function useCodeSection(sectionId: string | null) {
  return useQuery({
    queryKey: municipalCodeKeys.section(sectionId ?? ''),
    queryFn: ({ signal }) => api.get<CodeSection>(`/municipal_code/data?id=${encodeURIComponent(sectionId!)}`, signal),
    enabled: Boolean(sectionId),
    staleTime: 10 * 60_000,
  });
}

export type EmailAudience = 'resident' | 'colleague';

export function useDraftEmail(input: { threadId: string; question: string; audience: EmailAudience; enabled: boolean }) {
  return useQuery({
    queryKey: municipalCodeKeys.draftEmail(input.threadId, input.question, input.audience),
    queryFn: () =>
      api.post<DraftEmailResponse>('/municipal_code/draft-email', {
        query_text: input.question,
        thread_id: input.threadId,
        audience: input.audience,
      }),
    enabled: input.enabled && Boolean(input.threadId),
    staleTime: Infinity,
    retry: false,
  });
}
