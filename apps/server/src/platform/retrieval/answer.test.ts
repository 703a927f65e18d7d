import { describe, expect, it } from 'vitest';
import { offlineEngine } from '../ai';
import { answerFromSources } from './answer';
import type { CitableSource } from './citations';

// § 34-1508 as it reads (paragraph cut).
const PENALTY: CitableSource = {
  id: 'dc-34-1508',
  kind: 'code_section',
  number: '§ 34-1508',
  title: 'Civil penalties',
  text: '(b)(1) A civil penalty imposed by the Commission under this section shall not exceed $10,000 per violation.',
  status: 'in_force',
  sourceUrl: null,
};

describe('an answer from sources retrieval found only close', () => {
  const question = 'What is the civil penalty the Commission may impose for each violation?';

  it('leads with the verdict when the sources answer', async () => {
    const a = await answerFromSources(offlineEngine, question, [], new Map([[PENALTY.id, PENALTY]]), { place: 'District of Columbia' });
    expect(a.outcome).toBe('answered');
    expect(a.text).toMatch(/^Shall not exceed \$10,000 per violation — § 34-1508\(b\)\(1\)/);
  });

  it('lists them as related, by number and heading, with no verdict after "does not answer directly"', async () => {
    const a = await answerFromSources(offlineEngine, question, [], new Map([[PENALTY.id, PENALTY]]), { place: 'District of Columbia', closest: true });
    expect(a.outcome).toBe('not_direct');
    expect(a.text).toMatch(/^The District of Columbia code does not answer this question directly\./);
    expect(a.text).toContain('§ 34-1508(b)(1) (Civil penalties): “A civil penalty imposed by the Commission under this section shall not exceed $10,000 per violation.”');
    expect(a.text).not.toMatch(/Shall not exceed \$10,000 per violation —/);
    expect(a.citations.every((c) => !c.supports)).toBe(true);
  });
});

describe('a corrected premise', () => {
  // § 11-1321 as it reads.
  const SMALL_CLAIMS: CitableSource = {
    id: 'dc-11-1321',
    kind: 'code_section',
    number: '§ 11-1321',
    title: 'Exclusive jurisdiction of small claims',
    text: 'The Small Claims and Conciliation Branch has exclusive jurisdiction of any action within the jurisdiction of the Superior Court which is only for the recovery of money, if the amount in controversy does not exceed $5,000, exclusive of interest, attorney fees, protest fees, and costs.',
    status: 'in_force',
    sourceUrl: null,
  };

  it('is not followed by the same words again', async () => {
    const a = await answerFromSources(offlineEngine, 'Small claims in DC handles anything up to $10,000, right?', [], new Map([[SMALL_CLAIMS.id, SMALL_CLAIMS]]), { place: 'District of Columbia' });
    expect(a.outcome).toBe('corrected');
    expect(a.lead).toMatch(/^No\. The question assumes Small claims in DC handles anything up to \$10,000, but the code says otherwise: § 11-1321: “The Small Claims/);
    expect(a.text.split('does not exceed $5,000').length - 1).toBe(1);
    expect(a.citations.map((c) => c.number)).toEqual(['§ 11-1321']);
  });
});
