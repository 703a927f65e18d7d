import { describe, expect, it } from 'vitest';
import { buildCodeIndex } from './index';
import { terms } from './tokenize';
import { contentWords } from '../ai/text';
import { embeddingHash, embeddingText } from './embedding-text';
import { quantizeRows } from './vectors-file';
import type { QueryEmbedder } from './dense';
import { exampleCode, section } from './test-docs';
import type { CodeSectionDoc } from './types';

const ids = (hits: { id: string }[]) => hits.map((h) => h.id);

describe('section-number queries', () => {
  it.each(['§ 2-532', '2-532', 'section 2-532(c)', 'what does 2-532 say?', 'D.C. Code § 2-532.'])('"%s" puts § 2-532 first', async (query) => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search(query);
    expect(hits[0].id).toBe('ex-2-532');
    expect(hits[0].signals.number).toBe(1);
  });

  it('recognises colon numbers of enacted titles and lists the rest of the ranking after', async () => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search('what does 28:2-201 cover about contracts in writing');
    expect(hits[0].id).toBe('ex-28:2-201');
    expect(new Set(ids(hits)).size).toBe(hits.length);
  });

  it('ignores a number that names no section', async () => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search('tenant evicted within 30-day notice 99-999');
    expect(hits[0].id).toBe('ex-42-3505.01');
    expect(hits[0].signals.number).toBeUndefined();
  });
});

describe('repealed sections', () => {
  it('are never offered by default, neither by status nor when the text is only "Repealed."', async () => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search('snow removal fine notice requirements', { limit: 20 });
    expect(ids(hits)).not.toContain('ex-9-602');
    expect(ids(hits)).not.toContain('ex-42-3505.03');
    expect(await index.search('§ 9-602')).not.toContainEqual(expect.objectContaining({ id: 'ex-9-602' }));
  });

  it('stay findable with includeRepealed', async () => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search('fine for failing to remove snow', { includeRepealed: true });
    expect(ids(hits)).toContain('ex-9-602');
    expect((await index.search('§ 42-3505.03', { includeRepealed: true }))[0].id).toBe('ex-42-3505.03');
  });
});

describe('lexical ranking', () => {
  it('stems: "evicting" and "tenants" match "evicted" and "tenant"', async () => {
    const index = await buildCodeIndex(exampleCode);
    const hits = await index.search('rules for evicting tenants', { tuning: { synonymWeight: 0 } });
    expect(hits[0].id).toBe('ex-42-3505.01');
  });

  it('synonyms bridge a resident word to the statute word', async () => {
    const index = await buildCodeIndex(exampleCode);
    const query = 'can my landlord punish me for complaining';
    const without = await index.search(query, { tuning: { synonymWeight: 0, chapterWeight: 0 } });
    const withSynonyms = await index.search(query);
    expect(ids(without)).not.toContain('ex-42-3505.02');
    expect(withSynonyms[0].id).toBe('ex-42-3505.02');
  });

  it('accepts a custom synonym table (another city, another vocabulary)', async () => {
    const index = await buildCodeIndex(exampleCode, { synonyms: [[['pooch'], 'dog animal']] });
    expect((await index.search('my pooch ran off'))[0].id).toMatch(/^ex-8-180[89]$/);
  });

  it('returns nothing for an empty query and respects the limit', async () => {
    const index = await buildCodeIndex(exampleCode);
    expect(await index.search('   ')).toEqual([]);
    expect(await index.search('   ', { limit: 3 })).toEqual([]);
    expect((await index.search('public record', { limit: 2 })).length).toBeLessThanOrEqual(2);
  });

  it('reports its size, and holds no vectors when none were given', async () => {
    const index = await buildCodeIndex(exampleCode);
    expect(index.size).toBe(exampleCode.length);
    expect(index.vectorCount).toBe(0);
  });
});

// A fake semantic model: words of one concept share a dimension, so "puppy" lands near "dog"
// and "leash" although no word is shared. Deterministic and instant, unlike the real model.
const CONCEPTS = [['dog', 'puppy', 'leash', 'animal', 'pet'], ['snow', 'sleet', 'shovel', 'blizzard'], ['record', 'records', 'foia', 'document'], ['tenant', 'renter', 'evicted', 'landlord']];
function conceptVector(text: string): Float32Array {
  const v = new Float32Array(CONCEPTS.length + 1).fill(0.01);
  for (const w of text.toLowerCase().split(/[^a-z]+/)) CONCEPTS.forEach((c, i) => c.includes(w) && (v[i] += 1));
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}
const fakeEmbedder: QueryEmbedder = async (texts) => texts.map(conceptVector);
const vectorsFor = (docs: CodeSectionDoc[]) =>
  quantizeRows('fake', 1, CONCEPTS.length + 1, docs.map((d) => ({ id: d.id, hash: embeddingHash(d), vector: conceptVector(embeddingText(d)) })));

describe('dense signal and fusion', () => {
  it('finds a section by meaning when no word is shared', async () => {
    const index = await buildCodeIndex(exampleCode, { vectors: vectorsFor(exampleCode), embedQuery: fakeEmbedder });
    expect(index.vectorCount).toBe(exampleCode.length);
    const hits = await index.search('puppy', { tuning: { synonymWeight: 0 } });
    expect(hits[0].id).toMatch(/^ex-8-180[89]$/);
    expect(hits[0].signals.dense).toBeGreaterThan(0.5);
    expect(hits[0].signals.bm25).toBe(0);
  });

  it('a section agreed on by both retrievers outranks one that only one of them likes', async () => {
    const index = await buildCodeIndex(exampleCode, { vectors: vectorsFor(exampleCode), embedQuery: fakeEmbedder });
    for (const fusion of ['rrf', 'weighted'] as const) {
      const hits = await index.search('shovel the sidewalk', { tuning: { fusion, chapterWeight: 0, synonymWeight: 0 } });
      expect(hits[0].id).toBe('ex-9-601');
    }
  });

  it('sections whose text changed since the vectors were made keep their lexical ranking', async () => {
    const changed = exampleCode.map((d) => (d.id === 'ex-2-532' ? { ...d, text: `${d.text} Amended: 20 days.` } : d));
    const index = await buildCodeIndex(changed, { vectors: vectorsFor(exampleCode), embedQuery: fakeEmbedder });
    expect(index.vectorCount).toBe(exampleCode.length - 1);
    const hits = await index.search('right to inspect public records time limits');
    expect(hits[0].id).toBe('ex-2-532');
    expect(hits[0].signals.dense).toBeUndefined();
    expect(hits[0].signals.bm25).toBeGreaterThan(0);
  });

  it('a city without vectors, or a model that fails to load, still gets lexical answers', async () => {
    const other = [section('1-101', 'Dog licences', 'Every dog shall be licensed annually.'), section('1-102', 'Parking', 'No parking on sidewalks.')];
    const noVectors = await buildCodeIndex(other, { vectors: vectorsFor(exampleCode), embedQuery: fakeEmbedder });
    expect(noVectors.vectorCount).toBe(0);
    expect((await noVectors.search('dog licence'))[0].id).toBe('ex-1-101');
    const broken = await buildCodeIndex(exampleCode, {
      vectors: vectorsFor(exampleCode),
      embedQuery: async () => {
        throw new Error('model missing');
      },
    });
    expect((await broken.search('dog on a leash'))[0].id).toBe('ex-8-1808');
  });

  it('searchMany fuses several phrasings of one question', async () => {
    const index = await buildCodeIndex(exampleCode, { vectors: vectorsFor(exampleCode), embedQuery: fakeEmbedder });
    const hits = await index.searchMany(['how long does the agency have', 'public records request deadline in days']);
    expect(hits[0].id).toBe('ex-2-532');
    expect(await index.search(['how long does the agency have', 'public records request deadline in days'])).toEqual(hits);
  });
});

describe("a follow-up with a subject of its own leans less on the conversation's", () => {
  it('fuses the conversation\'s ranking at half beside a follow-up of four content words or more', async () => {
    const procurement = { titleName: 'Government Administration', chapterTitle: 'Procurement Practices', subchapterTitle: 'Small Purchases' };
    const payment = { titleName: 'Government Administration', chapterTitle: 'Quick Payment', subchapterTitle: null };
    const index = await buildCodeIndex([
      section('2-354.07', 'Small purchase procurements', 'An agency may use the small purchase process to buy goods and services of $100,000 or less.', procurement),
      section('2-354.08', 'Small purchase competition', 'For a small purchase of goods over $10,000 the agency shall solicit quotes from at least 3 vendors.', procurement),
      section('2-354.09', 'Small purchase records', 'The agency shall keep a record of each small purchase of goods, with the vendor and the price.', procurement),
      section('2-221.02', 'Interest penalty', 'If the District fails to pay a proper invoice within 30 calendar days after it is received, the District shall pay an interest penalty to the business concern.', payment),
      section('8-1808', 'Prohibited conduct', 'No owner of an animal shall allow the animal to go at large.'),
    ]);
    const context = 'Up to what dollar amount can an agency use the streamlined small-purchase process to buy goods? Small purchase procurements';
    // The fusion alone (the second stage off): the interest section outranks the conversation's other sections.
    const order = (await index.search(["And if we end up paying that vendor's invoice late, when does the District start owing them interest?"], { limit: 5, context, tuning: { rerank: null } })).map((h) => h.id);
    expect(order.indexOf('ex-2-221.02')).toBeLessThan(order.indexOf('ex-2-354.09'));
  });
});

describe('words that are a subject in one place and a function word in another', () => {
  it('"a valid will" is the noun, "the Mayor will" the modal, in the index and in the answer check alike', () => {
    expect(terms('How old do you have to be to make a valid will?')).toContain('will');
    expect(terms('A will, testament, or codicil is not valid unless')).toContain('will');
    expect(terms('The Mayor will issue the permit.')).not.toContain('will');
    expect(contentWords('How many people have to witness my will?')).toContain('will');
    expect(contentWords('The Board will decide within 30 days.')).not.toContain('will');
  });
});
