import { describe, expect, it } from 'vitest';
import { applyEditRules } from './edits';

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

  it('adds a WHEREAS quoting the section the instruction names, after the last WHEREAS', () => {
    const text = 'WHEREAS, the city values openness;\nRESOLVED, that ...';
    const result = applyEditRules(text, 'add a WHEREAS citing section 2-532 about records request deadlines', [
      { id: 'dc-2-532', label: '§ 2-532', text: '(c) Any public body shall respond to a records request within 15 days of its receipt, excluding weekends.' },
    ]);
    expect(result.text.split('\n')[1]).toBe('WHEREAS, section 2-532 of the Code provides: "(c) Any public body shall respond to a records request within 15 days of its receipt, excluding weekends.";');
  });
});
