// Temporary (not committed): why dev questions are refused, on their right section (never run on held-out sets).
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { askedFor, figureIn, isFigureKind, actorIn, yesOrNo } from '../src/platform/ai/lead';
import { supportOf, subjectOf } from '../src/platform/ai/support';
import { sentencesOf } from '../src/platform/ai/text';
const code = new Map(gunzipSync(readFileSync('../../data/demo/dc-code-full.jsonl.gz')).toString('utf8').split('\n').filter(Boolean).map((l) => { const d = JSON.parse(l); return [d.id, d]; }));
const convs = readFileSync('eval/conversations-dev2.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
for (const c of convs) {
  const t = c.turns[0];
  const d = code.get(t.sections[0]);
  const asked = askedFor(t.question);
  let best: { cov: number; line: string } | null = null;
  for (const s of sentencesOf(d.text)) {
    const verdict = isFigureKind(asked) ? figureIn(s, asked) : asked === 'yes_no' ? yesOrNo(t.question, s) : asked === 'who' ? actorIn(s) : null;
    const r = supportOf({ question: t.question, asked, verdict, quote: s, heading: d.title });
    const holds = t.phrases.some((p: string) => s.toLowerCase().includes(p.toLowerCase()));
    if (holds && (!best || r.coverage > best.cov)) best = { cov: r.coverage, line: `${r.supported ? 'OK' : r.reason} ${r.coverage.toFixed(2)} missing ${r.missing.join(',')} | verdict ${verdict}` };
  }
  console.log(c.id, asked, best?.line ?? 'no sentence holds the phrase');
}
