import { describe, expect, it } from 'vitest';
import { quantitiesIn } from '../../../platform/ai/quantities';
import { sentenceClaimed } from './legal';

// § 2-532(c) of the D.C. Code as it reads (labels kept): the general rule, then a case with a nearer figure.
const RECORDS = [
  '(1) Except as provided in paragraph (2) of this subsection, a public body, upon request reasonably describing any public record, shall within 15 days (except Saturdays, Sundays, and legal public holidays) of the receipt of any such request either make the requested public record accessible or notify the person making such request.',
  '(2)',
  '(A) If the public record requested is a body-worn camera recording recorded by the Metropolitan Police Department, the Metropolitan Police Department, upon request reasonably describing the recording, shall within 25 days (except Saturdays, Sundays, and legal public holidays) of the receipt of any such request either make the requested recording accessible.',
].join('\n');

describe('the sentence a claimed figure is compared with', () => {
  it("is the general rule on the claim's subject, not a case whose figure is nearer", () => {
    const claim = 'Under D.C. Code § 2-532(c), public records requests will be answered within 30 days.';
    const [claimed] = quantitiesIn(claim).filter((q) => q.noun === 'period');
    const chosen = sentenceClaimed(RECORDS, claim, claimed)!;
    expect(chosen.sentence).toMatch(/^\(1\) Except as provided/);
    expect(chosen.figure.value).toBe(15);
  });

  it('is the case when the claim is about the case', () => {
    const claim = 'Under § 2-532(c), the police answer a request for a body-worn camera recording within 30 days.';
    const [claimed] = quantitiesIn(claim).filter((q) => q.noun === 'period');
    expect(sentenceClaimed(RECORDS, claim, claimed)!.figure.value).toBe(25);
  });
});
