import { describe, expect, it } from 'vitest';
import { codeCitationsIn } from '../rules/citations';
import { checkSection, type CodeIndexOfKeys } from './rules';

/** The code health rules on sentences written the way the D.C. Code writes them (truth by hand). */
const keys: CodeIndexOfKeys = new Map([
  ['2-532', { inForce: true, number: '§ 2-532' }],
  ['42-1102', { inForce: true, number: '§ 42-1102' }],
  ['28:2-401', { inForce: true, number: '§ 28:2-401' }],
  ['28:2-505', { inForce: true, number: '§ 28:2-505' }],
  ['1-104', { inForce: false, number: '§ 1-104' }],
]);
const check = (text: string, adopted: Record<string, number> = {}) =>
  checkSection({ id: 's', sourceId: 's', number: '§ 9-901', numberKey: '9-901', title: 'Test', text, inForce: true }, keys, adopted, 'the Code').map((f) => [f.rule, f.quote]);

describe('code citations', () => {
  it('reads lists, UCC articles and glued "et seq."', () => {
    expect(codeCitationsIn('under § 28:2-401, 2-505, or 2A-508(5), and §§ 2-531 through 2-539').map((c) => c.key)).toEqual(['28:2-401', '28:2-505', '28:2a-508', '2-531', '2-539']);
    expect(codeCitationsIn('Chapter 39 of Title 28 [§ 28-3901et seq.]').map((c) => c.key)).toEqual(['28-3901']);
    expect(codeCitationsIn('see 42 U.S.C. § 405-1 and § 258a-258e').map((c) => c.key)).toEqual([]);
  });
});

describe('code health rules', () => {
  it('flags a reference to a section that does not exist, and one not in force', () => {
    expect(check('As provided in § 2-599 and § 1-104.')).toEqual([
      ['reference_unknown', '§ 2-599'],
      ['reference_repealed', '§ 1-104'],
    ]);
  });
  it('leaves chapter references, history notes and old numbers with their new ones alone', () => {
    expect(check('established pursuant to Chapter 18 of this title [§ 38-1800 et seq.].')).toEqual([]);
    expect(check('(D.C. Law 6-10; D.C. Code § 45-2532)')).toEqual([]);
    expect(check('and §§ 45-922(24) [§ 42-1102(24)]')).toEqual([]);
    expect(check('Section 22-2603 [see now § 2-532].')).toEqual([]);
    expect(check('under § 28:2-401, 2-505')).toEqual([]);
  });
  it('says a number cited by a dated text of an earlier numbering may be old, at a lower severity (issue 22)', () => {
    const plan = checkSection(
      { id: 'p', sourceId: 'p', number: '§ 1-1501.02', numberKey: '1-1501.02', title: 'Reorganization Plan No. 3 of 1975', text: '(21 DCR 2793; Effective July 3, 1975) The functions vested by Sections 5-313 and 5-314 are transferred.', inForce: true },
      keys,
      {},
      'the District of Columbia Official Code',
    );
    expect(plan.map((f) => [f.rule, f.quote, f.severity])).toEqual([
      ['reference_unknown', 'Sections 5-313', 'medium'],
      ['reference_unknown', '5-314', 'medium'],
    ]);
    expect(plan[0].explanation).toBe('§ 1-1501.02 reproduces a text of 1975, which cites § 5-313: that may be the code\'s numbering of 1975, not a section of the District of Columbia Official Code as numbered today.');
    expect(plan[0].suggestion).toMatch(/renumbered in 2001/);
    // Today's text citing a number the code lacks is still a broken reference.
    const today = checkSection({ id: 't', sourceId: 't', number: '§ 9-901', numberKey: '9-901', title: 'Definitions', text: 'As provided in § 2-599.', inForce: true }, keys, {}, 'the Code');
    expect(today.map((f) => f.severity)).toEqual(['high']);
  });
  it('flags a model code older than the edition adopted', () => {
    expect(check('the BOCA Basic/National Building Code/1984, 9th Edition', { IBC: 2015 })).toEqual([['model_code_edition', 'BOCA Basic/National Building Code/1984']]);
    expect(check('the 2018 International Fire Code', { IFC: 2015 })).toEqual([]);
  });
});
