import { errorBodySchema, type ErrorBody } from '@civicdesk/contract';
import { clearSession, readToken } from '../lib/session';
import type { Translate } from '../lib/i18n';

/** The one fetch client of the web app, with the transport error normalisation of spec §8. */
export const API_BASE = '/api';
export const CHECK_INTERNET_CONNECTION = 'CHECK_INTERNET_CONNECTION';
const SERVER_ERROR = 'SERVER_ERROR';

/**
 * offline: no connection (code CHECK_INTERNET_CONNECTION);
 * request: a flagged 400/403/404 carrying the server's {code, message, details};
 * unauthorized: 401 (the session has been cleared unless the call came from an /auth page);
 * server: any other status (the server-error flag), with the server's body when it sent one.
 */
export type ApiErrorKind = 'offline' | 'request' | 'unauthorized' | 'server';

export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly status: number | null;
  readonly code: string;
  readonly details: unknown;
  /** The server's error body as received, when there was one. */
  readonly body: ErrorBody | null;

  constructor(kind: ApiErrorKind, status: number | null, body: ErrorBody | null, fallbackCode: string) {
    super(body?.message ?? fallbackCode);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.body = body;
    this.code = body?.code ?? fallbackCode;
    this.details = body?.details;
  }

  get isOffline(): boolean {
    return this.kind === 'offline';
  }
  get isServerError(): boolean {
    return this.kind === 'server';
  }
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => window.location.assign('/auth/login');

/** The app installs a handler that signs out through the router instead of a full page load. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): () => void {
  const previous = onUnauthorized;
  onUnauthorized = handler;
  return () => {
    onUnauthorized = previous;
  };
}

const FLAGGED_STATUSES = new Set([400, 403, 404]);

function onAuthPage(): boolean {
  return window.location.pathname.startsWith('/auth');
}

async function readErrorBody(response: Response): Promise<ErrorBody | null> {
  try {
    const parsed = errorBodySchema.safeParse(await response.json());
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Sent as JSON, or as multipart when it is FormData. */
  body?: unknown;
  signal?: AbortSignal;
  keepalive?: boolean;
}

/** The headers every call sends: the bearer token when signed in (never a token in a URL). */
export function authHeaders(accept = 'application/json'): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

export function assertOnline() {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) {
    throw new ApiError('offline', null, null, CHECK_INTERNET_CONNECTION);
  }
}

/**
 * fetch of an API path: refused at once when the browser says it is offline, and a network failure
 * (fetch rejects with a TypeError) becomes the offline error; aborts pass through. The caller reads
 * the response (throwFor for a failed one).
 */
export async function fetchApi(path: string, init: RequestInit = {}): Promise<Response> {
  assertOnline();
  try {
    return await fetch(`${API_BASE}${path}`, init);
  } catch (error) {
    if (error instanceof TypeError) throw new ApiError('offline', null, null, CHECK_INTERNET_CONNECTION);
    throw error;
  }
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers = authHeaders();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const response = await fetchApi(path, { method: options.method ?? 'GET', headers, body, signal: options.signal, keepalive: options.keepalive });

  if (response.ok) {
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  }

  return throwFor(response);
}

/** The error a failed answer stands for (spec §8's normalisation), thrown; 401 also ends the session. */
export async function throwFor(response: Response): Promise<never> {
  const errorBody = await readErrorBody(response);
  if (response.status === 401) {
    // A failed sign-in on an /auth page is just an error to show; elsewhere the session is over.
    if (!onAuthPage()) {
      clearSession();
      onUnauthorized();
    }
    throw new ApiError('unauthorized', 401, errorBody, 'AUTH_INVALID_TOKEN');
  }
  if (FLAGGED_STATUSES.has(response.status)) {
    throw new ApiError('request', response.status, errorBody, `HTTP_${response.status}`);
  }
  throw new ApiError('server', response.status, errorBody, SERVER_ERROR);
}

export const api = {
  get: <T>(path: string, signal?: AbortSignal) => apiRequest<T>(path, { signal }),
  post: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body }),
  put: <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'PUT', body }),
  delete: <T>(path: string) => apiRequest<T>(path, { method: 'DELETE' }),
};

/** What to tell the user about a failed call: the server's own message when it sent one. */
export function userMessageOf(error: unknown, t: Translate): string {
  if (error instanceof ApiError) {
    if (error.isOffline) return t('offline');
    if (error.body?.message) return error.body.message;
  }
  return t('serverError');
}

/** Field messages of a 400 VALIDATION_FAILED answer, keyed by field name. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || !Array.isArray(error.details)) return {};
  const out: Record<string, string> = {};
  for (const item of error.details as unknown[]) {
    if (item && typeof item === 'object' && 'field' in item && 'message' in item) {
      const { field, message } = item as { field: unknown; message: unknown };
      if (typeof field === 'string' && typeof message === 'string' && !out[field]) out[field] = message;
    }
  }
  return out;
}
