import { ANALYTICS_SESSION_IDLE_MINUTES, type AnalyticsEvent } from '@civicdesk/contract';
import { API_BASE } from '../api/client';
import { readToken } from './session';

/**
 * First-party product analytics (decisions.md): events are queued in memory and sent in
 * batches every 10 s and when the page is hidden, to POST /api/analytics/events. The device
 * cookie is the server's business; the session id lives here and is renewed after
 * ANALYTICS_SESSION_IDLE_MINUTES without activity.
 */
export const ANALYTICS_FLUSH_INTERVAL_MS = 10_000;
const SESSION_STORAGE_KEY = 'analytics_session';
const MAX_BATCH = 100;
const MAX_QUEUE = 500;
const IDLE_MS = ANALYTICS_SESSION_IDLE_MINUTES * 60_000;

export type Properties = NonNullable<AnalyticsEvent['properties']>;
let queue: AnalyticsEvent[] = [];

function randomId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The current session id; a new one starts after 30 minutes idle. Every call counts as activity. */
export function analyticsSessionId(now: number = Date.now()): string {
  let id: string | null = null;
  try {
    const stored = JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? 'null') as { id?: unknown; lastActivityAt?: unknown } | null;
    if (stored && typeof stored.id === 'string' && typeof stored.lastActivityAt === 'number' && now - stored.lastActivityAt < IDLE_MS) {
      id = stored.id;
    }
  } catch {
    id = null;
  }
  id ??= randomId();
  try {
    localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ id, lastActivityAt: now }));
  } catch {
    // Without storage each page load is its own session.
  }
  return id;
}

/** Which tool a path belongs to, for the admin's per-tool chart. */
export function toolOfPath(pathname: string): string | null {
  if (pathname === '/') return 'smart_search';
  if (pathname.startsWith('/code-assistant')) return 'knowledge_assistant';
  if (pathname.startsWith('/compliance/code')) return 'code_compliance';
  if (pathname.startsWith('/compliance')) return 'compliance_check';
  if (pathname.startsWith('/drafting-history') || pathname.startsWith('/draft/')) return 'drafting';
  if (pathname.startsWith('/summary')) return 'summarizer';
  if (pathname.startsWith('/chat')) return 'legal_chatbot';
  if (pathname.startsWith('/ordinance/') || pathname.startsWith('/pdf-viewer')) return 'document_viewer';
  if (pathname.startsWith('/admin')) return 'admin';
  return null;
}

export function track(name: string, properties: Properties = {}, path: string = window.location.pathname): void {
  const tool = properties.tool ?? toolOfPath(path);
  queue.push({
    name,
    path,
    properties: tool ? { ...properties, tool } : properties,
    timestamp: new Date().toISOString(),
  });
  if (queue.length > MAX_QUEUE) queue = queue.slice(-MAX_QUEUE);
}

export const trackPageView = (path: string) => track('page_view', {}, path);

export function pendingAnalyticsEvents(): readonly AnalyticsEvent[] {
  return queue;
}

/** Sends queued events in batches of 100; a failed batch goes back to the queue. */
export async function flushAnalytics(options: { keepalive?: boolean } = {}): Promise<void> {
  if (queue.length === 0) return;
  const sessionId = analyticsSessionId();
  const token = readToken();
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  while (queue.length > 0) {
    const events = queue.splice(0, MAX_BATCH);
    try {
      const response = await fetch(`${API_BASE}/analytics/events`, {
        method: 'POST',
        headers,
        body: JSON.stringify({ session_id: sessionId, events }),
        keepalive: options.keepalive,
        credentials: 'same-origin',
      });
      // A 4xx means the batch itself is unacceptable; resending it would fail forever.
      if (response.status >= 500) throw new Error(`analytics ${response.status}`);
    } catch {
      queue = [...events, ...queue].slice(-MAX_QUEUE);
      return;
    }
  }
}

/** Starts the 10 s flush timer and the pagehide flush; returns a stop function. */
export function startAnalytics(): () => void {
  const timer = setInterval(() => void flushAnalytics(), ANALYTICS_FLUSH_INTERVAL_MS);
  const onPageHide = () => void flushAnalytics({ keepalive: true });
  const onVisibility = () => {
    if (document.visibilityState === 'hidden') onPageHide();
  };
  window.addEventListener('pagehide', onPageHide);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    clearInterval(timer);
    window.removeEventListener('pagehide', onPageHide);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}
