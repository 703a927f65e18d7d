import { readFileSync } from 'node:fs';
import type { DraftResponse } from '@civicdesk/contract';
import { startDemoApp } from './demo-app';

/**
 * Reading a draft as the drafting evals grade it (eval:ordinance-homes, eval:ordinance-requests):
 * its operative text (Sec. 2, to Sec. 3) and whether it holds a fact of the key, "8 a.m." and
 * "8:00 a.m." alike, "10%" and "10 percent" alike.
 */
const normal = (s: string) =>
  s
    .toLowerCase()
    .replace(/(\d{1,2}):00\s*/g, '$1 ')
    .replace(/(\d)\s*(a|p)\.?\s*m\.?/g, '$1 $2.m.')
    .replace(/\s*%/g, ' percent')
    .replace(/\s+/g, ' ');

/** The draft's Sec. 2: what it enacts. */
export const operativeText = (text: string) => text.slice(text.indexOf('Sec. 2.'), text.indexOf('Sec. 3.') > 0 ? text.indexOf('Sec. 3.') : undefined);

/** What the operative text states as law: the request copied into a bracketed provision left to the drafter states none of its facts. */
export const statedText = (operative: string) => operative.replace(/\[Text of the new provision[^\]]*\]/g, '');

/** Does the text state the fact, as a statute may write it? (Since 2026-12-01 not in a bracketed provision: before, the request copied there counted.) */
export const holdsFact = (text: string, fact: string) => normal(statedText(text)).includes(normal(fact));

/** The rule written as a statute's sentence: no provision left whole to the drafter, no act left unnamed. */
export const ruleWritten = (operative: string) => !!operative && !/\[Text of the new provision|\[sell, use, or distribute\]/.test(operative);

/** The demo city's drafter, as its city manager asks it (POST /api/ordinance/draft): each request's draft text and how long it took. */
export async function demoDrafter() {
  const demo = await startDemoApp({ code: true, env: { RATE_LIMIT_EXPENSIVE_PER_MINUTE: '100000' } });
  const headers = await demo.headers('manager@civicdesk.test');
  const draft = async (query: string, draft_input: string) => {
    const started = performance.now();
    const res = await demo.app.inject({ method: 'POST', url: '/api/ordinance/draft', headers, payload: { query, draft_input } });
    return { text: (res.json() as DraftResponse).document?.text ?? '', ms: performance.now() - started };
  };
  return { draft, close: () => demo.close() };
}

/** A set's requests, one JSON object per line. */
export const requestsIn = <T>(path: string): T[] =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as T);
