import { SEVERITIES, type Severity } from '@civicdesk/contract';

/**
 * How each severity looks. Colour is never the only sign: every highlight and badge also carries
 * the severity's name as text. Backgrounds are light enough for slate-900 text (WCAG AA); they are
 * important because index.css styles every <mark> outside the utility layer (search highlights).
 */
export const SEVERITY_STYLES: Record<Severity, { mark: string; badge: string }> = {
  critical: { mark: 'bg-red-200! decoration-red-800', badge: 'border-red-700 bg-red-50 text-red-900' },
  high: { mark: 'bg-orange-200! decoration-orange-800', badge: 'border-orange-700 bg-orange-50 text-orange-900' },
  medium: { mark: 'bg-amber-100! decoration-amber-800', badge: 'border-amber-700 bg-amber-50 text-amber-900' },
  low: { mark: 'bg-sky-100! decoration-sky-800', badge: 'border-sky-700 bg-sky-50 text-sky-900' },
};

/** The most severe first: a span under several findings takes the colour of its worst. */
export function worstSeverity(severities: Severity[]): Severity | null {
  for (const severity of SEVERITIES) if (severities.includes(severity)) return severity;
  return null;
}
