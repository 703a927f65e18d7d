import { readFileSync } from 'node:fs';
import { parseMinutes, verifySpans } from '../src/modules/minutes/reader';
const only = process.argv[2];
const answers = readFileSync('eval/minutes/answers.jsonl', 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const sur = (n: string | null) => (n ? n.trim().split(/\s+/).pop()!.toLowerCase() : null);
for (const doc of answers) {
  if (only && !doc.file.startsWith(only)) continue;
  const text = readFileSync('eval/minutes/documents/' + doc.file, 'utf8');
  const r = verifySpans(text, parseMinutes(text));
  console.log(`\n== ${doc.file}: ${r.motions.length} found, ${doc.motions.length} labelled`);
  const used = new Set<number>();
  for (const g of doc.motions) {
    const ats: number[] = []; for (let x = text.indexOf(g.text); x >= 0; x = text.indexOf(g.text, x + 1)) ats.push(x);
    let i = -1; r.motions.forEach((m, k) => { if (!used.has(k) && ats.some((at) => at >= m.span.start && at < m.span.end) && (i < 0 || m.span.end - m.span.start < r.motions[i].span.end - r.motions[i].span.start)) i = k; });
    if (i < 0) { console.log(`  MISS: ${g.text.slice(0, 90)} [${g.outcome}]`); continue; }
    used.add(i);
    const m = r.motions[i];
    const probs = [];
    if (sur(m.mover) !== sur(g.mover)) probs.push(`mover ${m.mover}≠${g.mover}`);
    if (sur(m.seconder) !== sur(g.seconder)) probs.push(`sec ${m.seconder}≠${g.seconder}`);
    if (m.outcome !== g.outcome) probs.push(`outcome ${m.outcome}≠${g.outcome}`);
    if (g.tally && !(m.tally && m.tally.aye === g.tally.aye && m.tally.nay === g.tally.nay)) probs.push(`tally ${JSON.stringify(m.tally)}≠${JSON.stringify(g.tally)}`);
    const gv = Object.entries(g.votes); const ok = gv.filter(([n, v]) => m.votes.some((x) => sur(x.member) === sur(n) && x.vote === v)).length;
    if (gv.length && ok < gv.length) probs.push(`votes ${ok}/${gv.length} (have ${m.votes.length})`);
    if (probs.length) console.log(`  ${g.text.slice(0, 60)}: ${probs.join('; ')}`);
  }
  r.motions.forEach((m, k) => { if (!used.has(k)) console.log(`  EXTRA: ${m.text.slice(0, 90)}`); });
  for (const a of doc.actions) { const at = text.indexOf(a.text); if (!r.actions.some((x) => at >= x.span.start && at < x.span.end)) console.log(`  ACTION MISS: ${a.text.slice(0, 100)}`); }
}
