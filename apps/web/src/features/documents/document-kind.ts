export type DocumentKind = 'pdf' | 'docx' | 'txt' | 'other';

/** What the viewer shows: decided by the served content type first, then by the file's name. */
export function documentKindOf(contentType: string, ...names: (string | null | undefined)[]): DocumentKind {
  const type = contentType.toLowerCase();
  if (type.includes('application/pdf')) return 'pdf';
  if (type.includes('wordprocessingml')) return 'docx';
  if (type.startsWith('text/plain')) return 'txt';
  for (const name of names) {
    const lower = name?.toLowerCase() ?? '';
    if (lower.endsWith('.pdf')) return 'pdf';
    if (lower.endsWith('.docx')) return 'docx';
    if (lower.endsWith('.txt')) return 'txt';
  }
  return 'other';
}
