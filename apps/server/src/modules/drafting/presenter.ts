import { draftContentSchema, type Citation, type DraftAmendment, type DraftedDocument, type DraftKind, type DraftSummary, type DraftVersion } from '@civicdesk/contract';
import type { EngineName } from '../../platform/ai';
import { placeholdersIn } from './content';
import type { DraftRow } from './repo';

/** What a draft keeps about how it was made (the `metadata` column). */
export interface DraftMetadata {
  request: { query: string; draft_input: string };
  engine: EngineName;
  engine_label: string;
  fallback_reason: string | null;
  citations: Citation[];
  dropped_citations: number;
  amendments: DraftAmendment[];
  template: { id: string; name: string } | null;
  notes: string[];
  /** The user named the draft: its name no longer follows its short title (decision 031). */
  named_by_user?: boolean;
}

export function presentDraft(row: DraftRow, locationCode: string): DraftedDocument {
  const meta = row.metadata as DraftMetadata;
  return {
    id: row.id,
    type: row.kind as DraftKind,
    title: row.title,
    content: draftContentSchema.parse(row.content),
    text: row.text,
    version: row.version,
    location_code: locationCode,
    placeholders: placeholdersIn(row.text),
    citations: meta.citations ?? [],
    amendments: meta.amendments ?? [],
    dropped_citations: meta.dropped_citations ?? 0,
    engine: meta.engine,
    engine_label: meta.engine_label,
    request: meta.request,
    template: meta.template,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentDraftSummary(row: { id: string; kind: string; title: string; excerpt: string; text: string; version: number; createdAt: Date; updatedAt: Date }): DraftSummary {
  return {
    id: row.id,
    type: row.kind as DraftKind,
    title: row.title,
    excerpt: excerptOf(row.excerpt),
    version: row.version,
    placeholders_left: placeholdersIn(row.text).length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

export function presentVersion(row: { version: number; title: string; reason: string; createdAt: Date; characters: number }): DraftVersion {
  return { version: row.version, title: row.title, reason: row.reason as DraftVersion['reason'], created_at: row.createdAt.toISOString(), characters: Number(row.characters) };
}

/** What a list shows of a draft: its first real sentence (the long title, a recital), not the number lines above it. */
function excerptOf(text: string): string {
  const line = text.split('\n').find((l) => l.trim().length >= 60) ?? text;
  return line.replace(/\s+/g, ' ').trim().slice(0, 240);
}
