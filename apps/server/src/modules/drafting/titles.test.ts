import { describe, expect, it } from 'vitest';
import { analyzeRequest } from './analysis';
import { ceremonialPurpose, ceremonialRecitals, ceremonialResolve, ceremonyOf } from './recitals';
import { bareNumber, codeOfNumber } from './amendment';
import { actName, amendedSubject, aspectOf, draftName, headingName, purposeAfterAmending, resolutionName, sectionsNamed, sectionSubject } from './titles';
import { ruleOf } from './rule';

/**
 * Titles and recitals as a codifier writes them (issue 19). The sections' headings, chapters and
 * subchapters are copied from data/demo/dc-code-full.jsonl.gz; every expected title and sentence
 * below was written by hand from those names and the request, not from what the code answers.
 */
const DC = {
  '2-532': { title: 'Right of access to public records; allowable costs; time limits', chapterTitle: 'Administrative Procedure', subchapterTitle: 'Freedom of Information' },
  '9-606': { title: 'Failure of owner or occupant to remove — Suit to recover cost', chapterTitle: 'Removal of Snow and Ice From Streets and Sidewalks', subchapterTitle: null },
  '42-3131.06': { title: 'Registration of vacant buildings', chapterTitle: 'Abatement of Nuisance Property', subchapterTitle: 'Registration of Vacant Buildings' },
  '8-651.04': { title: 'Preservation of Special Trees; permits; penalties', chapterTitle: 'Urban Forest Preservation', subchapterTitle: null },
  '2-576': { title: 'Notice of meetings', chapterTitle: 'Administrative Procedure', subchapterTitle: 'Open Meetings' },
};

describe('short titles of amendments: the section\'s place in the code and the aspect changed', () => {
  const cases: [keyof typeof DC, string, string][] = [
    ['2-532', 'Draft an ordinance amending D.C. Code § 2-532 to shorten the time to respond to FOIA requests from 15 to 10 business days', 'Freedom of Information Response Time'],
    ['9-606', 'Draft an ordinance raising the most we can fine a homeowner for not shoveling their sidewalk from $25 to $50.', 'Snow and Ice Removal Fine'],
    ['42-3131.06', 'I need an ordinance cutting the vacant building registration deadline from 30 days to 15 days after the building becomes vacant.', 'Vacant Building Registration Deadline'],
    ['8-651.04', 'ordinance raising the Special Tree removal payment into the Tree Fund from $35 to $55 per inch of circumference', 'Special Tree Removal Payment'],
    ['2-576', "Please draft an amendment to the Open Meetings Act so public bodies have to give at least 72 hours or 3 business days' notice before a meeting.", 'Open Meetings Notice'],
  ];
  for (const [number, request, expected] of cases) {
    it(`${number}: ${expected}`, () => {
      const analysis = analyzeRequest('ordinance', request);
      expect(amendedSubject(DC[number], request, aspectOf(analysis.subject, analysis.changes[0]))).toBe(expected);
    });
  }

  it('a compound that holds an aspect\'s word names no aspect ("short-term", "part-time")', () => {
    expect(aspectOf('require short-term rental hosts to register each unit')).toBeNull();
    expect(aspectOf('require part-time employees to be paid for on-call shifts')).toBeNull();
    expect(aspectOf('raise the registration fee for short-term rentals')).toBe('Registration Fee');
  });

  it('turns a heading of doing round and drops its trailing place; a name that is not one stays', () => {
    expect(headingName('Removal of Snow and Ice From Streets and Sidewalks')).toBe('Snow and Ice Removal');
    expect(headingName('Registration of Vacant Buildings')).toBe('Vacant Building Registration');
    expect(headingName('Preservation of Special Trees; permits; penalties')).toBe('Special Tree Preservation');
    expect(headingName('Freedom of Information')).toBe('Freedom of Information');
    expect(headingName('Employee Sick Leave. [Recodified]')).toBe('Employee Sick Leave');
    expect(sectionSubject(DC['2-532'], 'shorten the time to respond to FOIA requests')).toBe('Freedom of Information');
  });
});

describe('long titles name each amended section once', () => {
  it('drops the request\'s own "amend D.C. Code § 2-532" from the purpose', () => {
    expect(purposeAfterAmending('amend D.C. Code § 2-532 to shorten the time to respond to FOIA requests from 15 to 10 business days', ['§ 2-532'])).toBe(
      'shorten the time to respond to FOIA requests from 15 to 10 business days',
    );
    expect(purposeAfterAmending('shorten the deadline in section 2-532(c) from 15 to 10 days', ['§ 2-532'])).toBe('shorten the deadline from 15 to 10 days');
  });

  it('reads "so public bodies have to give" as "to require public bodies to give"; an amendment with no purpose says none', () => {
    expect(purposeAfterAmending('amend the Open Meetings Act so public bodies have to give 72 hours notice', ['§ 2-576'])).toBe('require public bodies to give 72 hours notice');
    expect(purposeAfterAmending('amend section 2-576', ['§ 2-576'])).toBe('');
  });

  it('names several sections once each', () => {
    expect(sectionsNamed(['§ 2-532', '§ 2-533', '§ 2-532'])).toBe('sections 2-532 and 2-533');
    expect(sectionsNamed(['§ 2-532'])).toBe('section 2-532');
    // San Francisco's numbers: "Sec." is not part of the number; one cited with its code's name is named in that code.
    expect(sectionsNamed(['Sec. 1.05'])).toBe('section 1.05');
    expect(bareNumber('Park Code Sec. 1.05')).toBe('1.05');
    expect(codeOfNumber('Park Code Sec. 1.05', 'the San Francisco Municipal Code')).toBe('the Park Code');
    expect(codeOfNumber('§ 2-532', 'the D.C. Official Code')).toBe('the D.C. Official Code');
    expect(codeOfNumber('Sec. 37', 'the San Francisco Municipal Code')).toBe('the San Francisco Municipal Code');
    // Baltimore's Articles restart their numbers: "Art. 16, § 4-1" is section 4-1 of Article 16.
    expect(bareNumber('Art. 16, § 4-1')).toBe('4-1');
    expect(codeOfNumber('Art. 16, § 4-1', 'the Baltimore City Code')).toBe('Article 16 of the Baltimore City Code');
  });
});

describe('a ceremonial resolution reads its honoree and occasion right', () => {
  const ceremony = (query: string) => ceremonyOf(analyzeRequest('resolution', query), query);

  it('"the 50th anniversary of the Eastern Market": the honoree is the Eastern Market, the occasion its 50th anniversary', () => {
    const query = 'Draft a resolution to honor the 50th anniversary of the Eastern Market.';
    const c = ceremony(query);
    expect(c).toMatchObject({ honoree: 'the Eastern Market', occasion: '50th anniversary', date: null });
    expect(ceremonialRecitals(c)).toEqual([
      'WHEREAS, the Eastern Market marks its 50th anniversary on [date];',
      'WHEREAS, the Eastern Market has [describe the history, service and achievements the Council recognizes];',
    ]);
    expect(ceremonialPurpose(c)).toBe('recognize and honor the Eastern Market on its 50th anniversary');
    expect(resolutionName(analyzeRequest('resolution', query), query)).toBe('Eastern Market 50th Anniversary Recognition');
  });

  it('a date given fills the occasion\'s sentence; "D.C." does not end the honoree; a call to residents goes in the resolve', () => {
    const query = 'Need a resolution recognizing the 165th anniversary of D.C. Emancipation Day on April 16, 2027 and encouraging residents to attend the parade.';
    const c = ceremony(query);
    expect(ceremonialRecitals(c)[0]).toBe('WHEREAS, D.C. Emancipation Day marks its 165th anniversary on April 16, 2027;');
    expect(ceremonialResolve(c)).toBe('The Council recognizes and honors D.C. Emancipation Day on its 165th anniversary and encourages residents to attend the parade.');
    expect(resolutionName(analyzeRequest('resolution', query), query)).toBe('D.C. Emancipation Day 165th Anniversary Recognition');
  });

  it('people are many or one: "Ward 8 teachers have", "Ms. Dolores Whitfield has"; what the request says of them is a recital', () => {
    expect(ceremonialRecitals(ceremony('resolution honoring Ward 8 teachers'))).toEqual(['WHEREAS, Ward 8 teachers have [describe the history, service and achievements the Council recognizes];']);
    const query = 'Ceremonial resolution recognizing Ms. Dolores Whitfield, who is retiring after 35 years as a school crossing guard at 14th and Kennedy Streets NW.';
    expect(ceremonialRecitals(ceremony(query))).toEqual([
      'WHEREAS, Ms. Dolores Whitfield has [describe the history, service and achievements the Council recognizes];',
      'WHEREAS, the Council recognizes Ms. Dolores Whitfield, who is retiring after 35 years as a school crossing guard at 14th and Kennedy Streets NW;',
    ]);
    expect(resolutionName(analyzeRequest('resolution', query), query)).toBe('Dolores Whitfield Recognition');
  });

  it("a confirmation names the body and the nominee", () => {
    const query = "Please prepare a confirmation resolution for the Mayor's nominee to the Board of Zoning Adjustment, Marcus Reyes, a Ward 5 homeowner, for a 3-year term.";
    expect(resolutionName(analyzeRequest('resolution', query), query)).toBe('Board of Zoning Adjustment Marcus Reyes Confirmation');
  });
});

describe("a draft's name from its short title", () => {
  it('is the title of an act, an agenda item\'s or staff report\'s subject behind its kind, a city form\'s title line without its head', () => {
    expect(draftName('ordinance', 'Freedom of Information Response Time Amendment Act of 2026', 300)).toBe('Freedom of Information Response Time Amendment Act of 2026');
    expect(draftName('agenda_item', 'Quarterly records report', 300)).toBe('Agenda item: Quarterly records report');
    expect(draftName('ordinance', 'AN ORDINANCE OF THE CITY COUNCIL OF THE CITY OF EXAMPLE AMENDING SECTION 1-101 OF THE CITY OF EXAMPLE MUNICIPAL CODE', 300)).toBe(
      'Ordinance Amending Section 1-101 of the City of Example Municipal Code',
    );
    expect(draftName('resolution', 'x'.repeat(400), 300)).toHaveLength(300);
  });
});

describe('a new rule is named for what it regulates (issue 32)', () => {
  const named = (query: string, phrase: string) =>
    actName({ analysis: analyzeRequest('ordinance', query), amendments: [], sections: [], places: new Map(), query, details: '', home: { action: 'new', phrase, place: null, near: null, reason: '', related: [], rule: null, cited: [] } } as never).name;

  it('by the name the request gives its rule ("Quiet hours for landlords: …")', () => {
    const query = 'Quiet weekends for tenants: an ordinance prohibiting landlords from scheduling non-emergency repairs on Sundays.';
    const rule = ruleOf(query);
    expect(rule?.name).toBe('Quiet weekends for tenants');
    const name = actName({ analysis: analyzeRequest('ordinance', query), amendments: [], sections: [], places: new Map(), query, details: '', home: { action: 'new', phrase: 'Quiet weekends for tenants', place: null, near: null, reason: '', related: [], rule, cited: [] } } as never).name;
    expect(name).toBe('Quiet Weekends for Tenants');
    // A name that is an act's is not an "Act Amendment Act".
    const act = 'The Clean Carts Act: an ordinance requiring street vendors to empty grease traps at a licensed facility.';
    const named = actName({ analysis: analyzeRequest('ordinance', act), amendments: [], sections: [], places: new Map(), query: act, details: '', home: { action: 'new', phrase: 'Clean Carts Act', place: null, near: null, reason: '', related: [], rule: ruleOf(act), cited: [] } } as never);
    expect(named).toEqual({ name: 'Clean Carts', kind: 'Amendment' });
  });

  it('by whom it binds, unless anyone of a kind may be bound ("Residents; chickens" regulates chickens)', () => {
    expect(named('Residents may only keep chickens if they obtain a permit', 'Residents; chickens')).toBe('Chickens Regulation');
    expect(named('Beekeepers must keep a water source near each hive', 'Beekeepers; water source')).toBe('Beekeepers Regulation');
  });

  it('by what it regulates, not the fine it adds ("…, with a $100 fine")', () => {
    expect(named('An ordinance requiring every bakery to post its inspection grade at the door, with a $100 fine', 'Bakeries; inspection grade')).toBe('Bakeries Regulation');
    expect(named('An ordinance requiring every kennel to post its license at the entrance, or else a $75 fine', 'Kennels; license')).toBe('Kennels Regulation');
    // A fine that is what the request changes still names it.
    expect(named('An ordinance increasing the civil fine for idling a motor vehicle engine', 'Idling a motor vehicle engine')).toMatch(/Fine$/);
  });
});
