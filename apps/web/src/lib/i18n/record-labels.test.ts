import { describe, expect, it } from 'vitest';
import { recordLabel } from './record-labels';
import { serverText } from './server-text';
import { enServer } from './en-server';

describe("a record's own words (issue: 'Effective' and the agenda's labels stayed in English)", () => {
  it('read in Spanish: statuses, sections and readings, meeting types, kinds', () => {
    expect(recordLabel('es', 'status', 'Effective')).toBe('En vigor');
    expect(recordLabel('es', 'status', 'Introduced')).toBe('Presentada');
    expect(recordLabel('es', 'section', 'FIRST READING')).toBe('Primera lectura');
    expect(recordLabel('es', 'section', 'Final Reading')).toBe('Lectura final');
    expect(recordLabel('es', 'section', 'CONSENT CALENDAR')).toBe('Asuntos de aprobación en bloque');
    expect(recordLabel('es', 'meetingType', 'CITY COUNCIL')).toBe('Concejo municipal');
    expect(recordLabel('es', 'meetingTitle', 'Legislative Meeting')).toBe('Sesión legislativa');
    expect(recordLabel('es', 'kind', 'law')).toBe('Ley');
  });

  it('read in English as the records say them, as before', () => {
    expect(recordLabel('en', 'status', 'Effective')).toBe('Effective');
    expect(recordLabel('en', 'section', 'FIRST READING')).toBe('First reading');
    expect(recordLabel('en', 'section', 'Final Reading')).toBe('Final Reading');
    expect(recordLabel('en', 'meetingType', 'CITY COUNCIL')).toBe('City council');
    expect(recordLabel('en', 'meetingTitle', 'SPECIAL MEETING OF THE BOARD')).toBe('SPECIAL MEETING OF THE BOARD');
    expect(recordLabel('en', 'kind', 'act')).toBe('Act');
  });

  it("keep a value the catalogue does not know in the record's words", () => {
    expect(recordLabel('es', 'status', 'Sent to Mayor')).toBe('Sent to Mayor');
    expect(recordLabel('es', 'section', 'HONORARY RESOLUTIONS')).toBe('Honorary resolutions');
  });
});

describe("the server's English sentences", () => {
  it('read in Spanish with the parts the server filled in', () => {
    expect(serverText('es', 'Web search is not configured for this deployment; the answer uses the municipal code only.')).toBe(
      'La búsqueda web no está configurada en esta instalación; la respuesta se basa solo en el código municipal.',
    );
    expect(serverText('es', '§ 2-532 refers to § 2-531, which is no longer in force.')).toBe('§ 2-532 remite a § 2-531, que ya no está en vigor.');
    expect(serverText('es', '§ 1-204 refers to § 9-999, which is not a section of the District of Columbia Official Code.')).toBe(
      '§ 1-204 remite al § 9-999, que no es una sección del código «District of Columbia Official Code».',
    );
    expect(serverText('es', "Look § 1-242 up in the code as numbered in 1975 (the District's code was renumbered in 2001); if it is an old number, add the current one in brackets.")).toBe(
      'Busque el § 1-242 en el código con la numeración de 1975 (el código del Distrito se renumeró en 2001); si es un número antiguo, añada el actual entre corchetes.',
    );
    expect(serverText('es', 'Look § 1-242 up in the code as numbered in 1975; if it is an old number, add the current one in brackets.')).toBe(
      'Busque el § 1-242 en el código con la numeración de 1975; si es un número antiguo, añada el actual entre corchetes.',
    );
    expect(serverText('es', '§ 6-101 (Definitions) is in force but has no text.')).toBe('§ 6-101 (Definitions) está en vigor pero no tiene texto.');
  });

  it('read in English as written, and an unknown sentence as written in every language', () => {
    const sentence = 'Web search is not configured for this deployment; the answer uses the municipal code only.';
    expect(serverText('en', sentence)).toBe(sentence);
    expect(serverText('es', 'A sentence the catalogue does not know.')).toBe('A sentence the catalogue does not know.');
  });

  it('recognise every shape the catalogue lists, filled with sample parts', () => {
    for (const [key, template] of Object.entries(enServer)) {
      const filled = template.replace(/\{(\w+)\}/g, (_, name: string) => `<${name}>`);
      expect(serverText('es', filled), key).not.toBe(filled);
      expect(serverText('es', filled), key).not.toMatch(/\{\w+\}/);
    }
  });
});
