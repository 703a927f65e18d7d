/**
 * Writes common-words.txt: the words the D.C. Code writes in lower case at least twice (data/demo,
 * public domain). A capitalised word that is none of them ("Oyelaran", "Rostami") is more likely a
 * name than a word; the privacy rules use it for names no list of given names holds.
 * Run: npx tsx src/modules/compliance/rules/names/build-common-words.ts
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gunzipSync } from 'node:zlib';

const here = dirname(fileURLToPath(import.meta.url));
const code = gunzipSync(readFileSync(resolve(here, '../../../../../../../data/demo/dc-code-full.jsonl.gz'))).toString('utf8');
const counts = new Map<string, number>();
for (const line of code.split('\n')) {
  if (!line.trim()) continue;
  const { text } = JSON.parse(line) as { text: string };
  for (const w of text.match(/(?<![A-Za-z])[a-z][a-z'-]+(?![A-Za-z])/g) ?? []) counts.set(w, (counts.get(w) ?? 0) + 1);
}
const words = [...counts].filter(([, n]) => n >= 2).map(([w]) => w).sort();
writeFileSync(resolve(here, 'common-words.txt'), `${words.join('\n')}\n`);
console.log(`${words.length} words`);
