import { unitsOf } from '../src/modules/minutes/reader';
import { readFileSync } from 'node:fs';
const text = readFileSync('eval/minutes/documents/' + process.argv[2], 'utf8');
const re = new RegExp(process.argv[3] ?? '.');
for (const u of unitsOf(text)) if (re.test(u.sentence)) console.log(JSON.stringify([u.start, u.speaker, u.sentence.slice(0, 140)]));
