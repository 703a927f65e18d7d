import { describe, expect, it } from 'vitest';
import { offlineEngine } from '../ai';
import { answerFromSources, modelVerdictSupported } from './answer';
import type { CitableSource } from './citations';
import type { Citation } from '@civicdesk/contract';

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

  it('still leads with the verdict when its quote holds most of the question (CLOSEST_SUPPORT_COVERAGE)', async () => {
    const a = await answerFromSources(offlineEngine, question, [], new Map([[PENALTY.id, PENALTY]]), { place: 'District of Columbia', closest: true });
    expect(a.outcome).toBe('answered');
  });

  it('lists them as related, by number and heading, with no verdict after "does not answer directly"', async () => {
    // The quote holds the Commission and the penalty, not the gas company: half the subject, not most of it.
    const gas = 'What is the civil penalty the Commission may impose on a gas company?';
    expect((await answerFromSources(offlineEngine, gas, [], new Map([[PENALTY.id, PENALTY]]), { place: 'District of Columbia' })).outcome).toBe('answered');
    const a = await answerFromSources(offlineEngine, gas, [], new Map([[PENALTY.id, PENALTY]]), { place: 'District of Columbia', closest: true });
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

  // § 9-632 as it reads (cut), and § 9-631's definition: about block parties, stating no closing hour.
  const BLOCK_PARTY: CitableSource = {
    id: 'dc-9-632',
    kind: 'code_section',
    number: '§ 9-632',
    title: 'Block party permits',
    text: '(b)(1) A District resident may submit a block party application.\n(b)(2) All activity for a block party shall conclude by 10 p.m.',
    status: 'in_force',
    sourceUrl: null,
  };
  const DEFINITION: CitableSource = {
    id: 'dc-9-631',
    kind: 'code_section',
    number: '§ 9-631',
    title: 'Definitions',
    text: '(1) “Block party” means an activity of a recreational or civic nature sponsored by the residents of a neighborhood, for which the residents seek to close a block of a street in their neighborhood.',
    status: 'in_force',
    sourceUrl: null,
  };
  const sources = new Map([[BLOCK_PARTY.id, BLOCK_PARTY], [DEFINITION.id, DEFINITION]]);

  it('is the whole answer when the question only asks whether its claim is true: no "does not answer directly" after it', async () => {
    const a = await answerFromSources(offlineEngine, 'Is it true that block parties can run until midnight?', [], sources, { place: 'District of Columbia', closest: true });
    expect(a.outcome).toBe('corrected');
    expect(a.text).toBe('No. The question assumes block parties can run until midnight, but the code says otherwise: § 9-632(b)(2): “All activity for a block party shall conclude by 10 p.m.”');
    expect(a.messages.map((m) => m.code)).toEqual(['premise_corrected']);
    expect(a.citations.map((c) => [c.number, c.supports])).toEqual([['§ 9-632', true]]);
  });

  it('is followed by what the code says of the rest when the question asks more', async () => {
    const a = await answerFromSources(offlineEngine, 'Is it true that block parties can run until midnight, and who signs the application?', [], sources, { place: 'District of Columbia', closest: true });
    expect(a.outcome).toBe('corrected');
    expect(a.text).toMatch(/^No\. The question assumes block parties can run until midnight.*\n\nThe District of Columbia code does not answer this question directly\./s);
    expect(a.messages.map((m) => m.code)).toEqual(['premise_corrected', 'answer_not_direct']);
  });
});

describe("a model's verdict is checked against its section as the built-in engine's is", () => {
  // Invented: a section that names a permit once in full, then by its short form.
  const section = {
    title: 'Fees',
    text: '(a) A resident 65 years of age or older may obtain a senior boating permit (“SB permit”) from the Harbor Office.\n(b) The fee for an SB permit shall be $12 per year.',
  };
  const cited: Citation = { number: '§ 9-101', pinpoint: '(b)', title: section.title, quote: 'The fee for an SB permit shall be $12 per year.', source_url: null, status: 'in_force', verified: true, kind: 'code_section', source_id: 'x' };

  it("reads the section's short form as what it stands for", async () => {
    expect(await modelVerdictSupported(offlineEngine, 'How much is a senior boating permit?', '$12 per year.', cited, section)).toBe(true);
  });

  it('and does not let a verdict stand on a quote about something else', async () => {
    expect(await modelVerdictSupported(offlineEngine, 'How much is a commercial fishing license?', '$12 per year.', cited, section)).toBe(false);
  });
});
