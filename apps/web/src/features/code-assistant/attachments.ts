import type { AssistantSettings } from '@civicdesk/contract';

export type AttachmentLimits = AssistantSettings['attachments'];

/** Used until the settings arrive; the server enforces its own limits either way. */
export const DEFAULT_ATTACHMENT_LIMITS: AttachmentLimits = {
  max_files: 5,
  max_bytes: 25 * 1024 * 1024,
  types: ['application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'text/plain'],
};

const EXTENSIONS_BY_TYPE: Record<string, string> = {
  'application/pdf': '.pdf',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
  'text/plain': '.txt',
};

/** A media type without its parameters ("text/plain; charset=utf-8" is "text/plain"). */
const essenceOf = (type: string) => type.split(';')[0].trim().toLowerCase();

function allowedTypesOf(limits: AttachmentLimits) {
  const types = limits.types.map(essenceOf);
  return { types, extensions: types.map((type) => EXTENSIONS_BY_TYPE[type]).filter(Boolean) };
}

/** What the file picker offers: the allowed types and their usual extensions. */
export function acceptAttribute(limits: AttachmentLimits): string {
  const { types, extensions } = allowedTypesOf(limits);
  return [...types, ...extensions].join(',');
}

export type AttachmentRejection = { name: string; reason: 'type' | 'size' | 'count' };

function allowedType(file: File, limits: AttachmentLimits): boolean {
  const extension = /\.[^.]+$/.exec(file.name.toLowerCase())?.[0] ?? '';
  // Browsers often give no type (or a guessed one) for .docx and .txt: the extension decides then.
  // The server checks the content itself, so this only saves the user a wasted upload.
  const { types, extensions } = allowedTypesOf(limits);
  if (file.type && types.includes(essenceOf(file.type))) return true;
  return extensions.includes(extension);
}

/** Splits newly picked files into those that fit the limits and those refused, with the reason. */
export function checkAttachments(current: readonly File[], picked: readonly File[], limits: AttachmentLimits) {
  const accepted: File[] = [];
  const rejected: AttachmentRejection[] = [];
  for (const file of picked) {
    if (!allowedType(file, limits)) rejected.push({ name: file.name, reason: 'type' });
    else if (file.size > limits.max_bytes) rejected.push({ name: file.name, reason: 'size' });
    else if (current.length + accepted.length >= limits.max_files) rejected.push({ name: file.name, reason: 'count' });
    else accepted.push(file);
  }
  return { accepted, rejected };
}

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} B`;
}
