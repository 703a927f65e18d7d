// The load generator of bench:stream, in a worker thread so it does not share the server's event
// loop: `concurrency` clients each open a chat stream, read it to its `done` event, and start again,
// until `durationMs` has passed. A stream that ends without `done` (or errors) counts as dropped.
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

// The parser the server's workspace depends on, wherever npm placed it (it is not always hoisted to the root).
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const { createParser } = await import(pathToFileURL(fromServer.resolve('eventsource-parser')).href);

const { base, headers, messages, concurrency, durationMs } = workerData;
const firstTokens = [];
const totals = [];
let completed = 0;
let dropped = 0;
const errors = new Map();
const until = Date.now() + durationMs;

async function one(message) {
  const started = performance.now();
  let first = NaN;
  let done = false;
  try {
    const res = await fetch(`${base}/api/chat/legal`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json', accept: 'text/event-stream' },
      body: JSON.stringify({ message }),
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    const parser = createParser({
      onEvent: (e) => {
        if (e.event === 'token' && Number.isNaN(first)) first = performance.now() - started;
        if (e.event === 'done') done = true;
      },
    });
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(value);
    }
  } catch (err) {
    errors.set(String(err.message), (errors.get(String(err.message)) ?? 0) + 1);
  }
  if (done) {
    completed++;
    firstTokens.push(first);
    totals.push(performance.now() - started);
  } else dropped++;
}

await Promise.all(
  Array.from({ length: concurrency }, async (_, client) => {
    for (let i = 0; Date.now() < until; i++) await one(messages[(client + i) % messages.length]);
  }),
);
parentPort.postMessage({ firstTokens, totals, completed, dropped, errors: [...errors] });
