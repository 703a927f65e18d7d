/** Display formats shared by the search, agenda, ordinance and document pages. */

/**
 * "2024-12-17" → "Dec 17, 2024" (English) or "17 dic 2024" (Spanish). Calendar days are read
 * and printed in UTC so a meeting never moves to the previous day west of Greenwich.
 */
export function formatDay(value: string | null | undefined, language: string, style: 'medium' | 'long' = 'medium'): string {
  if (!value) return '';
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(language, { dateStyle: style, timeZone: 'UTC' }).format(date);
}

export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(language).format(value);
}

/** 2_500_000 → "2.4 MB" */
export function formatBytes(bytes: number, language: string): string {
  const units = ['B', 'KB', 'MB', 'GB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${new Intl.NumberFormat(language, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value)} ${units[unit]}`;
}

/** "FINAL READING" → "Final reading": section names are stored in capitals. */
export function sentenceCase(value: string): string {
  if (value !== value.toUpperCase()) return value;
  const lower = value.toLowerCase();
  return lower.charAt(0).toUpperCase() + lower.slice(1);
}
