import { UPLOAD_CONTENT_TYPES, UPLOAD_MAX_BYTES, ATTACHMENTS_MAX } from '@civicdesk/contract';

/** What the assistant's page shows about attachments (GET /municipal_code/settings). */
export const ATTACHMENT_LIMITS = { max_files: ATTACHMENTS_MAX, max_bytes: UPLOAD_MAX_BYTES, types: Object.values(UPLOAD_CONTENT_TYPES) };
