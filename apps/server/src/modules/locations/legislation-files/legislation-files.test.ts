import { describe, expect, it } from 'vitest';
import { measureNumberKey as numberKey } from '../../../imports/records';
import { readLegislationDocument } from './index';

// Texts written here in the forms cities print (Omaha's, Springfield's); expected values read off them by hand.
const ORDINANCE = `CITY OF SPRINGFIELD
ORDINANCE NO. 2024-15

AN ORDINANCE to amend Section 12-4 of the Springfield City Code
relating to parking on Elm and Oak Avenues.

WHEREAS, the Council finds that parking on Elm Avenue obstructs snow removal;

NOW, THEREFORE, BE IT ORDAINED BY THE CITY COUNCIL OF THE CITY OF SPRINGFIELD:

Section 1. That Section 12-4 is amended to read: "No vehicle shall be parked on Elm Avenue between 2 a.m. and 6 a.m."

Section 2. That this ordinance shall take effect thirty days after its passage.

Introduced: March 3, 2024
PASSED AND ADOPTED this 16th day of April, 2024.
Effective Date: 5/16/2024
`;

const RESOLUTIONS = `RESOLUTION NO. 24-103
A RESOLUTION authorizing the City Manager to apply for a state library grant.
BE IT RESOLVED by the City Council that the City Manager may apply for the grant.
Adopted June 4, 2024

RESOLUTION NO. 24-104
A RESOLUTION declaring the week of June 10 Public Works Week.
BE IT RESOLVED that the Council recognizes the work of its crews.
`;

describe('legislation from a file', () => {
  it('reads an ordinance: number, kind, title up to the recitals, the three dates, the whole text', () => {
    const { measures, problems } = readLegislationDocument({ name: 'ord-2024-15.pdf', text: ORDINANCE });
    expect(problems).toEqual([]);
    expect(measures).toHaveLength(1);
    expect(measures[0]).toMatchObject({
      id: 'file-2024-15',
      kind: 'ordinance',
      document_type: 'ORDINANCE',
      file_number: 'Ordinance No. 2024-15',
      title: 'AN ORDINANCE to amend Section 12-4 of the Springfield City Code relating to parking on Elm and Oak Avenues.',
      introduced: '2024-03-03',
      enacted: '2024-04-16',
      effective: '2024-05-16',
      votes: [{ date: '2024-04-16', reading: 'Passed' }],
    });
    expect(measures[0].text).toContain('No vehicle shall be parked on Elm Avenue between 2 a.m. and 6 a.m.');
  });

  it('reads a file of two resolutions as two measures, each with its own text and dates', () => {
    const { measures, problems } = readLegislationDocument({ name: 'resolutions-june.txt', text: RESOLUTIONS });
    expect(problems).toEqual([]);
    expect(measures.map((m) => [m.file_number, m.document_type, m.enacted])).toEqual([
      ['Resolution No. 24-103', 'RESOLUTION', '2024-06-04'],
      ['Resolution No. 24-104', 'RESOLUTION', null],
    ]);
    expect(measures[0].text).not.toContain('Public Works Week');
    expect(measures[1].title).toBe('A RESOLUTION declaring the week of June 10 Public Works Week.');
  });

  it('files a measure with no number under its file name, and its kind from the enacting clause, saying so', () => {
    const { measures, problems } = readLegislationDocument({ name: 'tree-board.docx', text: 'A RESOLUTION creating a Tree Board.\n\nBE IT RESOLVED that a Tree Board of five members is created.' });
    expect(measures[0]).toMatchObject({ id: 'file-tree-board-docx', file_number: null, document_type: 'RESOLUTION', title: 'A RESOLUTION creating a Tree Board.' });
    expect(problems.map((p) => p.message)).toEqual([expect.stringMatching(/^no measure number found/)]);
  });

  it('reports an empty file and reads nothing from it', () => {
    expect(readLegislationDocument({ name: 'blank.txt', text: '  \n ' })).toEqual({ measures: [], problems: [{ file: 'blank.txt', where: 'file', message: 'the file holds no text; nothing could be read from it' }] });
  });

  it('keys a number the same however an agenda prints it', () => {
    expect(['Ord. No. 20-7', 'ORDINANCE NO. 20-7', '20-7', 'Ordinance #20-7'].map(numberKey)).toEqual(['20-7', '20-7', '20-7', '20-7']);
    expect(numberKey('Res. No. 2020-31')).toBe('2020-31');
  });

  it('stays linear on a long line with no breaks', () => {
    const line = 'ORDINANCE NO. 1 '.padEnd(200, 'x') + ' word'.repeat(200_000);
    const started = performance.now();
    const { measures } = readLegislationDocument({ name: 'long.txt', text: line });
    expect(measures).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
