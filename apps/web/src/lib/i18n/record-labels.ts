import { useCallback } from 'react';
import { sentenceCase } from '../format';
import { dictionaries, translate, useI18n, type Language, type MessageKey } from './index';

/**
 * Words a city's records carry (a measure's status, an agenda section or reading, a meeting type, a
 * measure's kind) are the city's own: English shows them as the records say them, as before. Other
 * languages show the catalogue's translation of the values cities commonly use, and the record's
 * own words for one the catalogue does not know yet (a city's importer can bring any status).
 */
export type RecordField = 'status' | 'section' | 'meetingType' | 'meetingTitle' | 'kind';

const PREFIXES: Record<RecordField, string> = {
  status: 'recordStatus_',
  section: 'agendaSection_',
  meetingType: 'meetingType_',
  // A meeting's title is mostly its kind ("Legislative Meeting"); a title of its own is shown as it is.
  meetingTitle: 'meetingType_',
  kind: 'measureKind_',
};

/** "FIRST READING", "First Reading" and "first reading" are one value: `first_reading`. */
export function recordValueSlug(value: string): string {
  return value.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
}

/** The record's words as the English screens have always shown them. */
function asRecorded(field: RecordField, value: string): string {
  if (field === 'section' || field === 'meetingType') return sentenceCase(value);
  if (field === 'kind') return value.charAt(0).toUpperCase() + value.slice(1);
  return value;
}

export function recordLabel(language: Language, field: RecordField, value: string): string {
  if (language === 'en') return asRecorded(field, value);
  const key = `${PREFIXES[field]}${recordValueSlug(value)}`;
  return key in dictionaries.en ? translate(language, key as MessageKey) : asRecorded(field, value);
}

/** recordLabel in the reader's language. */
export function useRecordLabel(): (field: RecordField, value: string) => string {
  const { language } = useI18n();
  return useCallback((field: RecordField, value: string) => recordLabel(language, field, value), [language]);
}
