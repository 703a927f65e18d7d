import { readFileSync } from 'node:fs';

export { loadCodeJsonl } from '../src/platform/retrieval/code-jsonl';

export interface EvalQuestion {
  question: string;
  sections: string[];
  title: string;
  holdout?: boolean;
  /** Who wrote a held-out set ("heldout-2026-11": 40 questions written without reading the retrieval code). */
  author?: string;
}

export function loadQuestions(path: string): EvalQuestion[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalQuestion);
}
