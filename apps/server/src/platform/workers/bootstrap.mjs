// A worker thread's entry when the server runs from its TypeScript sources: load TypeScript through
// tsx, as the main thread does, then run the loop in entry.ts. (The compiled bundle starts entry.ts's
// build directly, without tsx.)
import { register } from 'tsx/esm/api';

register();
await import('./entry.ts');
