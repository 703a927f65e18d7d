import { readFileSync } from 'node:fs';
import { parseMinutes } from '/work/main/apps/server/src/modules/minutes/reader';
const f = process.argv[2];
const text = readFileSync('/work/main/apps/server/eval/minutes/documents/' + f, 'utf8');
const r = parseMinutes(text);
for (const m of r.motions) console.log(JSON.stringify({ t: m.text.slice(0, 70), mover: m.mover, sec: m.seconder, out: m.outcome, kind: m.vote_kind, tally: m.tally, nv: m.votes.length, amends: m.amends, span: [m.span.start, m.span.end], item: m.item }));
if (process.argv[3]) console.log(JSON.stringify(r.meeting), JSON.stringify(r.actions.map(a=>[a.owner,a.due,a.text.slice(0,60)])), JSON.stringify(r.public_comment.map(p=>[p.speaker,p.topic.slice(0,60)])));
