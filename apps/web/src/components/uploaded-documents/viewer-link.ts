import type { ExternalDocument } from '@civicdesk/contract';

/** The in-app viewer of an uploaded document: /pdf-viewer?filename=<stored name>&name=<title>. */
export function viewerHref(document: Pick<ExternalDocument, 'file_name' | 'title'>): string {
  return `/pdf-viewer?${new URLSearchParams({ filename: document.file_name, name: document.title })}`;
}
