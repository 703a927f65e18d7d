import type { ExternalDocument } from '@civicdesk/contract';
import type { ExternalDocumentRow } from './repo';

export const storedNameOf = (row: Pick<ExternalDocumentRow, 'storageKey'>) => row.storageKey.split('/').pop() ?? '';

export function presentDocument(row: ExternalDocumentRow, locationCode: string): ExternalDocument {
  const fileName = storedNameOf(row);
  return {
    id: row.id,
    title: row.title,
    filename: row.filename,
    document_type: row.documentType,
    display_type: row.documentType ?? 'DOCUMENT',
    content_type: row.contentType,
    size_bytes: row.sizeBytes,
    sha256: row.sha256,
    has_text: row.hasText,
    flag: !row.hasText ? 'no text' : row.textTruncated ? 'text truncated' : null,
    page_count: row.pageCount,
    status: row.status,
    file_name: fileName,
    file_url: `/api/file?filename=${encodeURIComponent(fileName)}${locationCode ? `&city_code=${encodeURIComponent(locationCode)}` : ''}`,
    uploaded_by: row.uploadedBy,
    location_code: locationCode,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
