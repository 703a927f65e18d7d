import { existsSync, readFileSync } from 'node:fs';
import { AlignmentType, Document, LevelFormat, Packer, Paragraph } from 'docx';
import { describe, expect, it } from 'vitest';
import { extractText } from '../../../platform/files/extract';
import { NO_TEXT_LAYER, readAgendaDocument, TITLE_MAX_CHARS, type AgendaDocumentItem, type AgendaDocumentReading } from './index';

// Expected values are read off the Omaha City Clerk's agenda by hand (see fixtures/README.md for
// the excerpts), or written with the invented agendas below; never produced by the reader.

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const byNumber = (reading: AgendaDocumentReading, number: string): AgendaDocumentItem => {
  const item = reading.items.find((i) => i.number === number);
  if (!item) throw new Error(`no item ${number} in ${reading.items.map((i) => i.number).join(', ')}`);
  return item;
};

const AGENDAS = '/work/shared/data/cities/agendas';
const OMAHA_PDF = `${AGENDAS}/omaha_city-council_agenda_2012-10-16.pdf`;
const OMAHA_SCANNED = `${AGENDAS}/omaha_agenda-item-1303a_planning-zoning_2012-10-16_scanned.pdf`;

describe('Omaha City Council agenda, October 16, 2012: pages 1-3 of the text layer', () => {
  const reading = readAgendaDocument({ name: 'a12-10-16.pdf', text: fixture('omaha-council-2012-10-16-pages-1-3.txt'), pageCount: 3 });

  it('reads the meeting from the masthead', () => {
    expect(reading.meeting).toEqual({
      body: 'City Council',
      title: 'CITY COUNCIL AGENDA FOR OCTOBER 16, 2012',
      date: '2012-10-16',
      time: '2:00 P.M.',
      place: 'Legislative Chambers',
      document: 'agenda',
    });
    expect(reading.problems).toEqual([]);
  });

  it('reads items 1 to 10 in order: no "(a)" attachment, "- 2 -" page number or quoted notice becomes an item', () => {
    expect(reading.items.map((i) => i.number)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    expect(reading.items.map((i) => i.page)).toEqual([1, 1, 1, 1, 2, 2, 2, 3, 3, 3]);
  });

  it('reads the roll call and the certification of publication, joined across its wrapped lines', () => {
    expect(byNumber(reading, '1')).toEqual({
      number: '1', title: 'City Clerk calls the roll.', section: 'ROLL CALL', file_number: null, kind: 'AGENDA_ITEM', page: 1,
    });
    expect(byNumber(reading, '3').title).toBe('Invocation by Councilmember Chris Jerram of District No. 3.');
    // The Open Meeting Act note and the capitals paragraph on speaking time that follow it are not the item's.
    expect(byNumber(reading, '4')).toEqual({
      number: '4',
      title:
        'City Clerk certifies publication in Daily Record, the Official Newspaper of the City of Omaha on October 12, 2012, notice re: Pre-Council and Regular City Council Meetings, October 16, 2012.',
      section: 'CERTIFICATION OF PUBLICATION - NOTIFICATION OF OPEN MEETING ACT',
      file_number: null,
      kind: 'AGENDA_ITEM',
      page: 1,
    });
  });

  it('reads a zoning ordinance with its directive, and stops before the Planning Board attachment "(a)"', () => {
    expect(byNumber(reading, '5')).toEqual({
      number: '5',
      title:
        'Ord. to rezone property located East of 99th Street and South of Redick Avenue from LI-Limited Industrial District to R7-Medium-Density Multiple Family Residential District. ((PUBLIC HEARING TODAY – CAN BE PASSED TODAY))',
      section: 'ZONING ORDINANCES ON FINAL READING and Planning Board Attachments',
      file_number: null,
      kind: 'ORDINANCE',
      page: 2,
    });
    // "((PUBLIC HEARING TODAY – CAN BE" / "PASSED TODAY))" wraps onto a line in capitals: still the item's.
    expect(byNumber(reading, '6').title).toBe(
      'Ord. to approve a PUD-Planned Unit Development Overlay District in a R7-Medium-Density Multiple-Family Residential District located East of 99th Street and South of Redick Avenue, to approve the Development Plan, and to provide for an effective date - see attached. ((PUBLIC HEARING TODAY – CAN BE PASSED TODAY))',
    );
    expect(reading.items.some((i) => i.title.includes('Planning Board and Planning Department recommend'))).toBe(false);
  });

  it('puts the plat resolutions under their heading, below the quoted "PURSUANT TO CITY COUNCIL RULE VII E" notice', () => {
    expect(byNumber(reading, '9')).toEqual({
      number: '9',
      title:
        'Res. that the plat entitled BUCKY’S CROSSROADS PLAZA ADDITION, located northeast of 78th and Dodge Streets, is hereby approved and accepted – Inside City – see attached.',
      section: 'RESOLUTIONS RE: PRELIMINARY PLAT, PLAT AND SUBDIVISION AGREEMENT',
      file_number: null,
      kind: 'RESOLUTION',
      page: 3,
    });
    // Item 10 follows a "* * *" rule and another quoted notice, with no new heading.
    const item10 = byNumber(reading, '10');
    expect(item10.section).toBe('RESOLUTIONS RE: PRELIMINARY PLAT, PLAT AND SUBDIVISION AGREEMENT');
    expect(item10.title.endsWith('is located Northeast of 78th and Dodge Streets – see attached.')).toBe(true);
  });
});

describe('Omaha City Council agenda, October 16, 2012: pages 18-20 (ordinances on first reading)', () => {
  const reading = readAgendaDocument({ name: 'a12-10-16.pdf', text: fixture('omaha-council-2012-10-16-pages-18-20.txt'), pageCount: 3 });

  it('reads items 59 to 70 of an excerpt that starts mid-agenda, on the excerpt\'s pages', () => {
    expect(reading.items.map((i) => i.number)).toEqual(['59', '60', '61', '62', '63', '64', '65', '66', '67', '68', '69', '70']);
    expect(byNumber(reading, '59').page).toBe(1);
    expect(byNumber(reading, '63').page).toBe(2);
    expect(byNumber(reading, '70').page).toBe(3);
  });

  it('tells the kind from the item\'s own "Ord." where no heading is in the excerpt', () => {
    expect(reading.items.every((i) => i.kind === 'ORDINANCE' && i.section === null)).toBe(true);
  });

  it('reads item 67 whole, its section numbers and salary figures inside it', () => {
    expect(byNumber(reading, '67').title).toBe(
      'Ord. to amend Sec. 23-177 of the Omaha Municipal Code by changing the salary for the employment classification known as City Treasurer from 26 AEC ($78,943-$96,343) to 23.1 MC ($70,269-$85,972); to repeal Sec. 23-177 as heretofore existing; and to provide the effective date hereof – see attached.',
    );
  });

  it('does not take a resolution or ordinance an item only mentions for its file number', () => {
    // "as approved by City Council via Resolution #1118", "approved by City Council on August 14, 2012, Ordinance No. 39419".
    expect(byNumber(reading, '59').file_number).toBeNull();
    expect(byNumber(reading, '61').file_number).toBeNull();
    expect(byNumber(reading, '62').file_number).toBeNull();
  });

  it(`cuts a long item at ${TITLE_MAX_CHARS} characters, at a word`, () => {
    const item = byNumber(reading, '59');
    expect(item.title.startsWith('Ord. authorizing the Purchasing Agent to extend Purchase Order Number 1186215, as approved by City Council via Resolution #1118 adopted August 21, 2012, to Verizon Wireless,')).toBe(true);
    expect(item.title.length).toBeLessThanOrEqual(TITLE_MAX_CHARS);
    expect(item.title.endsWith('…')).toBe(true);
  });

  it('does not start items at numbers that wrap to a line\'s start ("1, 2010 to September 30, 2014", "2287 in partnership")', () => {
    expect(reading.items).toHaveLength(12);
    expect(byNumber(reading, '65').title).toContain('Award# 2011-DJ-BX-2287 in partnership with Douglas County');
  });
});

describe('an invented three-page minutes PDF text: headers, a table of contents, numbered paragraphs', () => {
  const HEADER = 'CITY OF SPRINGFIELD – CITY COUNCIL – REGULAR MEETING MINUTES';
  const pages = [
    [HEADER, 'Tuesday, June 2, 2020, 7:00 p.m., Council Chambers, Springfield City Hall', 'TABLE OF CONTENTS',
      '1. Call to Order .......... 1', '2. Approval of Minutes .......... 1', '3. Ordinance No. 20-7 .......... 2',
      'CALL TO ORDER', '1. Mayor Ellen Park called the meeting to order at 7:02 p.m. All seven members were present.',
      'APPROVAL OF MINUTES', '2. The minutes of the May 19, 2020 meeting were approved as printed, on a motion by Member Ruiz,',
      'seconded by Member Olson, carried 7-0.', 'Page 1 of 3'],
    [HEADER, 'ORDINANCES ON SECOND READING',
      '3. Ord. No. 20-7, an ordinance to amend Chapter 12 of the Springfield Municipal Code, entitled',
      '“Streets”, to change the parking rules on Main Street between 1st and 5th Avenues. Section',
      '1. That Section 12-4 is amended so that parking on Main Street is limited to two hours. Section',
      '2. That this ordinance shall take effect fifteen days after its passage. Passed 6-1, Member',
      'Olson voting no.',
      'RESOLUTIONS',
      '4. Res. No. 2020-31, a resolution approving the purchase of two ambulances, as follows:',
      '1. That the Purchasing Agent issue a purchase order to Midwest Fire Apparatus for $412,000.00;',
      '2. That the Finance Department pay this cost from the Fire Apparatus Fund 11160.',
      'Adopted 7-0.', 'Page 2 of 3'],
    [HEADER, 'ADJOURNMENT', '5. There being no further business, the meeting was adjourned at 8:15 p.m.', 'Page 3 of 3'],
  ];
  const reading = readAgendaDocument({ name: 'springfield-minutes.pdf', text: pages.map((p) => p.join('\n')).join('\n\n'), pageCount: 3 });

  it('reads minutes, the body from the header repeated on each page, and the place from the date line', () => {
    expect(reading.meeting).toEqual({
      body: 'City Council', title: HEADER, date: '2020-06-02', time: '7:00 p.m.', place: 'Council Chambers, Springfield City Hall', document: 'minutes',
    });
    expect(reading.problems).toEqual([]);
  });

  it('skips the table of contents and reads items 1-5 once, on their pages', () => {
    expect(reading.items.map((i) => [i.number, i.page, i.section])).toEqual([
      ['1', 1, 'CALL TO ORDER'],
      ['2', 1, 'APPROVAL OF MINUTES'],
      ['3', 2, 'ORDINANCES ON SECOND READING'],
      ['4', 2, 'RESOLUTIONS'],
      ['5', 3, 'ADJOURNMENT'],
    ]);
  });

  it('keeps "Section" / "1. That ..." and a numbered list inside an item as the item\'s text, not as items', () => {
    const ordinance = byNumber(reading, '3');
    expect(ordinance.title).toContain('Avenues. Section 1. That Section 12-4 is amended');
    expect(ordinance.title).toContain('Section 2. That this ordinance shall take effect');
    expect(ordinance.title.endsWith('Passed 6-1, Member Olson voting no.')).toBe(true);
    expect(ordinance).toMatchObject({ file_number: 'Ord. No. 20-7', kind: 'ORDINANCE' });
    expect(byNumber(reading, '4')).toMatchObject({ file_number: 'Res. No. 2020-31', kind: 'RESOLUTION' });
    expect(reading.items.some((i) => i.title.startsWith('That '))).toBe(false);
  });

  it('leaves the repeated header and the "Page N of 3" footers out of every item', () => {
    expect(reading.items.some((i) => i.title.includes('Page 2 of 3') || i.title.includes('REGULAR MEETING MINUTES'))).toBe(false);
  });
});

describe('an invented committee agenda as a Word document (numbers typed, read through extractText)', () => {
  const paragraphs = [
    'CITY OF RIVERTON', 'PUBLIC SAFETY COMMITTEE', 'REGULAR MEETING AGENDA', 'Tuesday, March 3, 2020 – 5:30 p.m.', 'Council Chambers, City Hall, 200 Main Street',
    '1. Call to Order and Roll Call', '2. Approval of the minutes of the February 4, 2020 meeting',
    'Proclamations', '3. Proclamation declaring March 2020 as Red Cross Month',
    'Resolutions', '4. File No. 20-114: A resolution authorizing the Police Department to apply for the 2020 Edward Byrne Memorial Justice Assistance Grant',
    '5. RES 2020-15 Resolution approving an agreement with Riverton County for emergency dispatch services, as follows:',
    '1. That the City pays the County $42,000 a year for dispatch services;', '2. That the agreement runs for three years from April 1, 2020.',
    'Consent Calendar', '6. Consent items', 'A. Accept the Fire Department report for January 2020 (Doc. 1187)', 'B. Approve the purchase of two patrol vehicles',
    'Ordinances', '7. Ord. No. 3945 An ordinance amending Section 9.12 of the Riverton Municipal Code on parking',
    '8. Public Comment', '9. Adjournment',
  ];
  const read = async () => {
    const bytes = await Packer.toBuffer(new Document({ sections: [{ children: paragraphs.map((p) => new Paragraph(p)) }] }));
    const { text, pageCount } = await extractText('docx', bytes);
    return readAgendaDocument({ name: 'riverton-psc-2020-03-03.docx', text, pageCount });
  };

  it('reads the meeting and the items, lettered consent items under their number, with no pages', async () => {
    const reading = await read();
    expect(reading.meeting).toEqual({
      body: 'Public Safety Committee', title: 'PUBLIC SAFETY COMMITTEE', date: '2020-03-03', time: '5:30 p.m.', place: 'Council Chambers, City Hall, 200 Main Street', document: 'agenda',
    });
    expect(reading.items.map((i) => i.number)).toEqual(['1', '2', '3', '4', '5', '6', '6-A', '6-B', '7', '8', '9']);
    expect(reading.items.every((i) => i.page === null)).toBe(true);
    expect(reading.problems).toEqual([]);
  });

  it('reads file numbers where they are printed and kinds from the item or its section', async () => {
    const reading = await read();
    expect(byNumber(reading, '1')).toMatchObject({ section: null, kind: 'AGENDA_ITEM', file_number: null });
    expect(byNumber(reading, '3')).toMatchObject({ section: 'Proclamations', kind: 'PROCLAMATION' });
    expect(byNumber(reading, '4')).toMatchObject({ section: 'Resolutions', kind: 'RESOLUTION', file_number: 'File No. 20-114' });
    expect(byNumber(reading, '5')).toMatchObject({ kind: 'RESOLUTION', file_number: 'RES 2020-15' });
    expect(byNumber(reading, '5').title).toBe('RES 2020-15 Resolution approving an agreement with Riverton County for emergency dispatch services, as follows:');
    expect(byNumber(reading, '6-A')).toMatchObject({ section: 'Consent Calendar', file_number: 'Doc. 1187', title: 'Accept the Fire Department report for January 2020 (Doc. 1187)' });
    expect(byNumber(reading, '7')).toMatchObject({ section: 'Ordinances', kind: 'ORDINANCE', file_number: 'Ord. No. 3945' });
    // The meeting's own business is not an ordinance for standing under "Ordinances".
    expect(byNumber(reading, '8')).toMatchObject({ title: 'Public Comment', section: 'Ordinances', kind: 'AGENDA_ITEM' });
  });

  it('finds no items in a DOCX whose list uses Word\'s automatic numbering (the text layer has no numbers) and says so', async () => {
    const numbering = { config: [{ reference: 'items', levels: [{ level: 0, format: LevelFormat.DECIMAL, text: '%1.', alignment: AlignmentType.START }] }] };
    const children = ['PUBLIC SAFETY COMMITTEE AGENDA, MARCH 3, 2020', 'Call to Order', 'Adjournment'].map((text, k) =>
      k === 0 ? new Paragraph(text) : new Paragraph({ text, numbering: { reference: 'items', level: 0 } }),
    );
    const { text, pageCount } = await extractText('docx', await Packer.toBuffer(new Document({ numbering, sections: [{ children }] })));
    const reading = readAgendaDocument({ name: 'auto-numbered.docx', text, pageCount });
    expect(reading.items).toEqual([]);
    expect(reading.problems).toEqual([{ file: 'auto-numbered.docx', where: 'file', message: 'no numbered agenda items found' }]);
  });
});

describe('meeting dates, numbering styles and problems', () => {
  const read = (text: string, pageCount: number | null = null) => readAgendaDocument({ name: 'agenda.txt', text, pageCount });

  it.each([
    ['PLANNING COMMISSION AGENDA\n\nTuesday, October 16, 2012'],
    ['Planning Commission Agenda\n\nMeeting of 10/16/2012 at 1:30 PM'],
    ['Planning Commission Agenda – 2012-10-16'],
    ['Planning Commission Agenda\n\n16 October 2012'],
  ])('reads the date of %j as 2012-10-16', (masthead) => {
    const reading = read(`${masthead}\n\n1. Roll call.\n\n2. Adjourn.`);
    expect(reading.meeting).toMatchObject({ body: 'Planning Commission', date: '2012-10-16' });
  });

  it('reports a masthead with no date, and reads the body\'s "of" name', () => {
    const reading = read('BOARD OF ZONING APPEALS AGENDA\n\n1. Roll call.\n\n2. Case 3 – 1200 Farnam Street.');
    expect(reading.meeting).toMatchObject({ body: 'Board of Zoning Appeals', date: null, time: null, document: 'agenda' });
    expect(reading.problems).toEqual([{ file: 'agenda.txt', where: 'meeting', message: 'no meeting date found before the first item; enter the date by hand' }]);
  });

  it('reads "Item 4." and "(3)" numbering, and a date in an item is not the meeting\'s', () => {
    const items = read('CITY COUNCIL MINUTES, MAY 5, 2021\n\nItem 1. Roll call.\n\nItem 2. Hearing held on April 20, 2021.').items;
    expect(items.map((i) => [i.number, i.title])).toEqual([['1', 'Roll call.'], ['2', 'Hearing held on April 20, 2021.']]);
    const parens = read('City Council Agenda, May 5, 2021\n\n(1) Roll call\n\n(2) Minutes\n\n(3) Public comment').items;
    expect(parens.map((i) => i.number)).toEqual(['1', '2', '3']);
  });

  it('reads "5-A" items under item 5', () => {
    const reading = read('Town Council Agenda, May 5, 2021\n\n4. Roll call\n\n5. Consent Calendar\n\n5-A Minutes of April 20, 2021\n\n5-B Warrants\n\n6. Adjourn');
    expect(reading.items.map((i) => i.number)).toEqual(['4', '5', '5-A', '5-B', '6']);
  });

  it('reports a number the sequence skips', () => {
    const reading = read('City Council Agenda, May 5, 2021\n\n1. Roll call\n\n2. Minutes\n\n4. Claims\n\n5. Adjourn');
    expect(reading.items.map((i) => i.number)).toEqual(['1', '2', '4', '5']);
    expect(reading.problems).toEqual([{ file: 'agenda.txt', where: 'item 2', message: 'item 3 is not in the document: the numbering skips it after item 2' }]);
  });
});

describe('a scanned PDF (no text layer)', () => {
  const scanned: AgendaDocumentReading = { meeting: null, items: [], problems: [{ file: 'scan.pdf', where: 'file', message: NO_TEXT_LAYER }] };

  it('reads nothing and says so once, for a PDF with (almost) no text on its pages', () => {
    expect(NO_TEXT_LAYER.startsWith('no text layer')).toBe(true);
    expect(readAgendaDocument({ name: 'scan.pdf', text: '', pageCount: 10 })).toEqual(scanned);
    // A stray mark or two per page (scanner noise, a page number) is still no text layer.
    expect(readAgendaDocument({ name: 'scan.pdf', text: '1\n\n2\n\n3', pageCount: 3 })).toEqual(scanned);
  });

  it.skipIf(!existsSync(OMAHA_SCANNED))('reads the scanned Omaha Planning/Zoning item 1303a through extractText', async () => {
    const { text, pageCount } = await extractText('pdf', readFileSync(OMAHA_SCANNED));
    expect(pageCount).toBe(10);
    expect(readAgendaDocument({ name: 'scan.pdf', text, pageCount })).toEqual(scanned);
  });
});

describe.skipIf(!existsSync(OMAHA_PDF))('the whole 22-page Omaha agenda, through extractText', () => {
  it('reads all 72 numbered items (counted by hand) in sequence, on ascending pages, with no problems', async () => {
    const { text, pageCount } = await extractText('pdf', readFileSync(OMAHA_PDF));
    const reading = readAgendaDocument({ name: 'omaha_city-council_agenda_2012-10-16.pdf', text, pageCount });
    expect(reading.problems).toEqual([]);
    expect(reading.meeting).toMatchObject({ body: 'City Council', date: '2012-10-16', document: 'agenda' });
    expect(reading.items.map((i) => Number(i.number))).toEqual(Array.from({ length: 72 }, (_, k) => k + 1));
    const pages = reading.items.map((i) => i.page!);
    expect(pages.every((p, k) => k === 0 || p >= pages[k - 1])).toBe(true);
    expect(byNumber(reading, '14').page).toBe(5);
    expect(byNumber(reading, '72')).toMatchObject({
      page: 22, section: 'EXECUTIVE SESSION', kind: 'AGENDA_ITEM',
      title: 'Motion to go into Executive Session for the purpose of discussing labor negotiations, personnel matters and litigation.',
    });
    expect(byNumber(reading, '12')).toMatchObject({ section: 'LIQUOR', kind: 'AGENDA_ITEM', file_number: null });
    expect(byNumber(reading, '38')).toMatchObject({ section: 'RESOLUTION', kind: 'RESOLUTION' });
    expect(byNumber(reading, '39').section).toBe('ORDINANCE ON SECOND READING and Planning Board Attachment');
    expect(reading.items.filter((i) => i.section === 'CONSENT AGENDA – RESOLUTIONS').map((i) => i.number)).toEqual(
      Array.from({ length: 18 }, (_, k) => String(k + 18)),
    );
  });
});
