import { describe, expect, it } from 'vitest';
import { applyEditRules, editParts, letteredSentences, modelEditOutcome, referringTo } from './edits';

/** The built-in edit rules, by a table written by hand: instruction -> the text it must produce. */
const ACT = ['Sec. 2. The officer shall respond within 15 working days.', 'Sec. 3. Fiscal impact statement.', 'Sec. 4. Effective date. This act shall take effect [effective date].'].join('\n');

describe('applyEditRules', () => {
  const cases: [string, string, string | null][] = [
    ['replace "officer" with "records officer"', ACT, ACT.replace('The officer', 'The records officer')],
    ['change 15 working days to 10 working days', ACT, ACT.replace('15 working days', '10 working days')],
    ['shorten the deadline from 15 to 10 working days', ACT, ACT.replace('15 working days', '10 working days')],
    ['set the effective date to January 1, 2027', ACT, ACT.replace('[effective date]', 'January 1, 2027')],
    ['add a severability clause', ACT, [
      'Sec. 2. The officer shall respond within 15 working days.',
      'Sec. 3. Fiscal impact statement.',
      'Sec. 4. Severability. If any provision of this act or its application to any person or circumstance is held invalid, the invalidity shall not affect other provisions or applications of the act which can be given effect without the invalid provision or application, and to this end the provisions of this act are severable.',
      'Sec. 5. Effective date. This act shall take effect [effective date].',
    ].join('\n')],
    // A clause before the only section takes that section's number, never a second "Sec. 1.".
    ['add a severability clause', 'Sec. 4. Effective date. This act shall take effect [effective date].', 'Sec. 4. Severability. If any provision of this act or its application to any person or circumstance is held invalid, the invalidity shall not affect other provisions or applications of the act which can be given effect without the invalid provision or application, and to this end the provisions of this act are severable.\nSec. 5. Effective date. This act shall take effect [effective date].'],
    ['remove the fiscal impact statement', ACT, null],
    ['renumber the sections', 'Sec. 2. A.\nSec. 5. B.\nSec. 5. C.', 'Sec. 2. A.\nSec. 3. B.\nSec. 4. C.'],
    ['fix defined terms', '"Leaf blower" means a machine.\nNo leaf Blower may run at night.', '"Leaf blower" means a machine.\nNo Leaf blower may run at night.'],
    ['make it more persuasive', ACT, null],
    ['replace "mayor" with "Mayor"', ACT, null],
  ];
  for (const [instruction, text, expected] of cases) {
    it(instruction, () => {
      const result = applyEditRules(text, instruction);
      if (expected === null) {
        expect(result.applied).toBe(false);
        expect(result.text).toBe(text);
      } else {
        expect(result.applied, result.summary).toBe(true);
        expect(result.text).toBe(expected);
      }
    });
  }

  // Issue 32: "add a finding that transportation is a major source of emissions and shorten the title".
  const BILL = [
    'B26-[number]',
    'Gas-powered Leaf Blowers Limit Amendment Act of 2026',
    'To amend the District of Columbia Official Code to limit the use of gas-powered leaf blowers.',
    'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "Gas-powered Leaf Blowers Limit Amendment Act of 2026".',
    'Sec. 2. The District of Columbia Official Code is amended by adding a new section [section number] to read as follows:',
    'Sec. 3. Applicability.',
    'Sec. 4. Effective date. This act shall take effect [effective date].',
  ].join('\n');

  it('a finding in the requester\'s words goes where the bill puts findings (after the enacting clause, sections renumbered), and the title is shortened everywhere it stands', () => {
    const result = applyEditRules(BILL, 'add a finding that transportation is a major source of emissions and shorten the title');
    expect(result.applied, result.summary).toBe(true);
    expect(result.text).toBe(
      [
        'B26-[number]',
        'Leaf Blowers Limit Amendment Act of 2026',
        'To amend the District of Columbia Official Code to limit the use of gas-powered leaf blowers.',
        'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "Leaf Blowers Limit Amendment Act of 2026".',
        'Sec. 2. Findings. The Council finds that transportation is a major source of emissions.',
        'Sec. 3. The District of Columbia Official Code is amended by adding a new section [section number] to read as follows:',
        'Sec. 4. Applicability.',
        'Sec. 5. Effective date. This act shall take effect [effective date].',
      ].join('\n'),
    );
    expect(result.summary).toBe('Done: Added a findings section (Sec. 2) and renumbered the sections after it. Shortened the short title to "Leaf Blowers Limit Amendment Act of 2026" (2 places).');
  });

  it('a finding in a resolution is a WHEREAS after the last recital; a title already short is said to be so', () => {
    const text = 'Bike Week Recognition Resolution of 2026\nWHEREAS, cycling is healthy;\nRESOLVED, that the Council recognizes Bike Week.';
    const finding = applyEditRules(text, 'add a finding that transportation is a major source of emissions');
    expect(finding.text).toBe('Bike Week Recognition Resolution of 2026\nWHEREAS, cycling is healthy;\nWHEREAS, transportation is a major source of emissions;\nRESOLVED, that the Council recognizes Bike Week.');
    const shorter = applyEditRules(text, 'shorten the title');
    expect(shorter.applied).toBe(false);
    expect(shorter.summary).toBe('The short title "Bike Week Recognition Resolution of 2026" is as short as the built-in engine can make it: say the new one, e.g. change the short title to "…".');
  });

  it('adds a WHEREAS quoting the section the instruction names, after the last WHEREAS', () => {
    const text = 'WHEREAS, the city values openness;\nRESOLVED, that ...';
    const result = applyEditRules(text, 'add a WHEREAS citing section 2-532 about records request deadlines', [
      { id: 'dc-2-532', label: '§ 2-532', text: '(c) Any public body shall respond to a records request within 15 days of its receipt, excluding weekends.' },
    ]);
    expect(result.text.split('\n')[1]).toBe('WHEREAS, section 2-532 of the Code provides: "(c) Any public body shall respond to a records request within 15 days of its receipt, excluding weekends.";');
  });
});

/** A D.C. act as the drafter writes it: its short title on a line of its own and in the enacting clause. */
const DC_ACT = [
  'Records Response Time Amendment Act of 2026',
  'To amend section 2-532 of the District of Columbia Official Code to shorten the time to respond.',
  'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "Records Response Time Amendment Act of 2026".',
  'Sec. 2. Section 2-532(c)(1) is amended by striking the phrase "15 days" and inserting the phrase "10 days" in its place.',
  'Sec. 3. Fiscal impact statement.',
  'Sec. 4. Effective date. This act shall take effect [effective date].',
].join('\n');
const SEVERABILITY_LINE =
  'Sec. 4. Severability. If any provision of this act or its application to any person or circumstance is held invalid, the invalidity shall not affect other provisions or applications of the act which can be given effect without the invalid provision or application, and to this end the provisions of this act are severable.';
const NEW_TITLE = 'Freedom of Information Response Time Amendment Act of 2026';

describe('the short title and edits of several parts (issue 19)', () => {
  it('changes the short title everywhere it appears: its line and "may be cited as"', () => {
    for (const instruction of [`change the short title to "${NEW_TITLE}"`, `rename the act to ${NEW_TITLE}`, `Change the title to “${NEW_TITLE}”.`]) {
      const result = applyEditRules(DC_ACT, instruction);
      expect(result.applied, `${instruction}: ${result.summary}`).toBe(true);
      expect(result.text).toBe(DC_ACT.split('Records Response Time Amendment Act of 2026').join(NEW_TITLE));
      expect(result.summary).toBe(`Changed the short title to "${NEW_TITLE}" (2 places).`);
    }
    expect(applyEditRules('Title: Quarterly records report\nSummary', 'change the title to Annual records report').text).toBe('Title: Annual records report\nSummary');
  });

  it('carries out every part, in order, and says so', () => {
    const result = applyEditRules(DC_ACT, `add a severability clause and change the short title to "${NEW_TITLE}"`);
    const lines = DC_ACT.split('Records Response Time Amendment Act of 2026').join(NEW_TITLE).split('\n');
    expect(result.text).toBe([...lines.slice(0, 5), SEVERABILITY_LINE, lines[5].replace('Sec. 4.', 'Sec. 5.')].join('\n'));
    expect(result.summary).toBe(`Done: Added a severability clause. Changed the short title to "${NEW_TITLE}" (2 places).`);
    for (const joined of [`add a severability clause; change the short title to "${NEW_TITLE}"`, `add a severability clause, then change the short title to "${NEW_TITLE}"`, `add a severability clause. Also change the short title to "${NEW_TITLE}"`]) {
      expect(applyEditRules(DC_ACT, joined).text, joined).toBe(result.text);
    }
  });

  it('names the part it could not do beside the parts it did; changes nothing when it can do none', () => {
    const half = applyEditRules(DC_ACT, 'add a severability clause and make it more persuasive');
    expect(half.applied).toBe(true);
    expect(half.summary).toBe('Done: Added a severability clause. Not done: "make it more persuasive" (The built-in engine cannot do this edit; configure a model or edit by hand).');
    const none = applyEditRules(DC_ACT, 'make it shorter and make it more persuasive');
    expect(none).toMatchObject({ applied: false, text: DC_ACT });
    expect(none.summary).toMatch(/^Nothing was changed\. Not done: "make it shorter" .*; "make it more persuasive"/);
  });

  it('splits at "and", "then", ";" before an edit, never inside quoted words', () => {
    expect(editParts('replace "Parks and Recreation" with "Parks, Recreation and Open Space"')).toEqual(['replace "Parks and Recreation" with "Parks, Recreation and Open Space"']);
    expect(editParts("replace the Mayor's designee with the City Administrator and renumber the sections")).toEqual(["replace the Mayor's designee with the City Administrator", 'renumber the sections']);
    expect(editParts('change 15 days to 10 days and the fee from $25 to $50')).toEqual(['change 15 days to 10 days', 'change the fee from $25 to $50']);
    expect(editParts('set the amount to $75,000, then add an effective date')).toEqual(['set the amount to $75,000', 'add an effective date']);
  });

  it("checks a model's edit part by part instead of taking its word", () => {
    const instruction = `add a severability clause and change the short title to "${NEW_TITLE}"`;
    const both = applyEditRules(DC_ACT, instruction).text;
    expect(modelEditOutcome(DC_ACT, both, instruction)).toEqual({ applied: true, summary: `Edited by the model. Done: "add a severability clause"; "change the short title to "${NEW_TITLE}"".` });
    const onlySeverability = applyEditRules(DC_ACT, 'add a severability clause').text;
    expect(modelEditOutcome(DC_ACT, onlySeverability, instruction).summary).toBe(
      `Edited by the model. Done: "add a severability clause". Not done: "change the short title to "${NEW_TITLE}"" (the edited text still needs it).`,
    );
    expect(modelEditOutcome(DC_ACT, `${DC_ACT}\nA warmer closing.`, 'make it warmer').summary).toBe('Edited by the model. Not checked (review it): "make it warmer".');
    expect(modelEditOutcome(DC_ACT, DC_ACT, instruction)).toEqual({ applied: false, summary: 'The model returned the text unchanged.' });
  });
});

describe('add a section stating a rule (issue 32)', () => {
  const BEES = [
    'Responsibilities of Beekeepers Amendment Act of 2026',
    'To amend section 8-1825.04 of the District of Columbia Official Code to require beekeepers to keep a fresh water source within 20 feet of each hive.',
    'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "Responsibilities of Beekeepers Amendment Act of 2026".',
    'Sec. 2. Section 8-1825.04 of the District of Columbia Official Code is amended by adding a new subsection (f) to read as follows:',
    '"(f) Beekeepers shall keep a fresh water source within 20 feet of each hive.".',
    'Sec. 3. Applicability. This act shall apply upon the date of inclusion of its fiscal effect in an approved budget and financial plan.',
    'Sec. 4. Fiscal impact statement.',
    'Sec. 5. Effective date. This act shall take effect [effective date].',
  ].join('\n');
  const ask = 'add a section requiring beekeepers to register each hive with the Department of Health';
  // As the drafter (modules/drafting/provision.ts) writes it; here written by hand.
  const registration = { ask, heading: 'Beekeepers; hive registration', sentences: ['Beekeepers shall register each hive with the Department of Health.'], purpose: 'require beekeepers to register each hive with the Department of Health' };

  it('goes after the last operative section, the closing clauses renumbered, and the long title says what the bill now does', () => {
    const result = applyEditRules(BEES, ask, [], [registration]);
    expect(result.applied, result.summary).toBe(true);
    expect(result.text.split('\n')).toEqual([
      'Responsibilities of Beekeepers Amendment Act of 2026',
      'To amend section 8-1825.04 of the District of Columbia Official Code to require beekeepers to keep a fresh water source within 20 feet of each hive, and to require beekeepers to register each hive with the Department of Health.',
      'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA, That this act may be cited as the "Responsibilities of Beekeepers Amendment Act of 2026".',
      'Sec. 2. Section 8-1825.04 of the District of Columbia Official Code is amended by adding a new subsection (f) to read as follows:',
      '"(f) Beekeepers shall keep a fresh water source within 20 feet of each hive.".',
      'Sec. 3. Beekeepers; hive registration. Beekeepers shall register each hive with the Department of Health.',
      'Sec. 4. Applicability. This act shall apply upon the date of inclusion of its fiscal effect in an approved budget and financial plan.',
      'Sec. 5. Fiscal impact statement.',
      'Sec. 6. Effective date. This act shall take effect [effective date].',
    ]);
    expect(result.summary).toBe('Added Sec. 3. Beekeepers; hive registration. The sections after it were renumbered. The long title now says it: "to require beekeepers to register each hive with the Department of Health".');
    // Asked again, nothing is added twice.
    const again = applyEditRules(result.text, ask, [], [registration]);
    expect(again.applied).toBe(false);
    expect(again.text).toBe(result.text);
  });

  it('a rule with a fine is lettered subsections, the fine naming the rule; a third purpose joins the list', () => {
    const twice = BEES.replace('20 feet of each hive.\nBE', '20 feet of each hive, and to require beekeepers to register each hive.\nBE');
    const fine = { ask: 'add a section prohibiting the sale of energy drinks to minors and setting a fine of $100', heading: 'Energy drinks', sentences: ['A person shall not sell energy drinks to minors.', 'A person who violates {rule} shall be subject to a civil fine of $100.'], purpose: 'provide that no person shall sell energy drinks to minors' };
    const result = applyEditRules(twice, fine.ask, [], [fine]);
    const lines = result.text.split('\n');
    expect(lines[1]).toBe('To amend section 8-1825.04 of the District of Columbia Official Code to require beekeepers to keep a fresh water source within 20 feet of each hive, to require beekeepers to register each hive, and to provide that no person shall sell energy drinks to minors.');
    expect(lines.slice(5, 8)).toEqual(['Sec. 3. Energy drinks.', '(a) A person shall not sell energy drinks to minors.', '(b) A person who violates subsection (a) of this section shall be subject to a civil fine of $100.']);
  });

  it('a city form: the title line takes the purpose; a rule the drafter could not read is not guessed', () => {
    const city = 'AN ORDINANCE OF THE CITY COUNCIL OF RIVERTON AMENDING SECTION 4-1 TO REQUIRE PERMITS\nBE IT ORDAINED BY THE CITY COUNCIL OF RIVERTON:\nSection 1. Permits are required.\nSection 2. Effective date. This ordinance takes effect [effective date].';
    const ok = applyEditRules(city, ask, [], [registration]);
    expect(ok.text.split('\n')[0]).toBe('AN ORDINANCE OF THE CITY COUNCIL OF RIVERTON AMENDING SECTION 4-1 TO REQUIRE PERMITS, AND TO REQUIRE BEEKEEPERS TO REGISTER EACH HIVE WITH THE DEPARTMENT OF HEALTH');
    expect(ok.text.split('\n')[3]).toBe('Section 2. Beekeepers; hive registration. Beekeepers shall register each hive with the Department of Health.');
    const vague = applyEditRules(city, 'add a section on hive registration', [], []);
    expect(vague.applied).toBe(false);
    expect(vague.text).toBe(city);
    expect(vague.summary).toMatch(/^Say the rule the section states/);
    // "add section 2-532" names a section: not a new one.
    expect(applyEditRules(city, 'add section 2-532 to the recitals', [], [registration]).summary).not.toMatch(/^Added Section/);
  });
});

describe('what a fine and a scope refer to (issue 32)', () => {
  it('a fine names the rules it punishes; a scope limits them all, the whole of a new section', () => {
    expect(letteredSentences(['A shall not B.', 'C shall D.', 'A person who violates {rule} shall be subject to a civil fine of $5.', '{rules} shall not apply to E.'], 2).texts).toEqual([
      'A shall not B.',
      'C shall D.',
      'A person who violates subsection (a) or (b) of this section shall be subject to a civil fine of $5.',
      'This section shall not apply to E.',
    ]);
    expect(letteredSentences(['A shall not B.']).texts).toEqual(['A shall not B.']);
  });

  it('in a section amended, the new subsections by their letters', () => {
    expect(referringTo('{rules} shall not apply to E.', ['(c)', '(d)'], false)).toBe('Subsections (c) and (d) of this section shall not apply to E.');
    expect(referringTo('A person who violates {rule} shall pay $5.', ['(c)', '(d)', '(e)'], false)).toBe('A person who violates subsections (c) through (e) of this section shall pay $5.');
    expect(referringTo('A person who violates {rule} shall pay $5.', ['(c)'], false)).toBe('A person who violates subsection (c) of this section shall pay $5.');
  });
});
