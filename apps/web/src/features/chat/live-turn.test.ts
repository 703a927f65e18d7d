import { describe, expect, it } from 'vitest';
import { applyChatEvent, isAnswering, startTurn, storedExchangeOf, withExchange, type LiveTurn } from './live-turn';
import { RECORDS_CITATION } from './chat.fixture';

const play = (turn: LiveTurn, ...events: Parameters<typeof applyChatEvent>[1][]) => events.reduce(applyChatEvent, turn);

describe('a live turn of the Legal Chatbot', () => {
  it('waits, then grows word by word, then ends done with its citations', () => {
    const asked = startTurn('How long to answer a records request?', null, new Date('2025-01-02T03:04:05Z'));
    expect(isAnswering(asked)).toBe(true);
    const streaming = play(
      asked,
      { type: 'meta', data: { conversation_id: 'c-1', engine: 'offline', engine_label: 'Built-in offline engine' } },
      { type: 'token', data: { text: 'Fifteen ' } },
      { type: 'token', data: { text: 'working days.' } },
    );
    expect(streaming).toMatchObject({ status: 'streaming', answer: 'Fifteen working days.', conversationId: 'c-1', askedIn: null, engineLabel: 'Built-in offline engine' });
    const done = play(
      streaming,
      { type: 'citations', data: { citations: [RECORDS_CITATION], dropped_citations: 0 } },
      { type: 'done', data: { conversation_id: 'c-1', found: true, corrected_premise: false } },
    );
    expect(done).toMatchObject({ status: 'done', citations: [RECORDS_CITATION] });
    expect(isAnswering(done)).toBe(false);
  });

  it('stores a finished exchange with its citations, and a stopped one marked stopped without them', () => {
    const base = play(
      startTurn('Q?', 'c-1'),
      { type: 'meta', data: { conversation_id: 'c-1', engine: 'offline', engine_label: 'Built-in offline engine' } },
      { type: 'token', data: { text: 'Part' } },
      { type: 'citations', data: { citations: [RECORDS_CITATION], dropped_citations: 0 } },
    );
    const [question, answer] = storedExchangeOf({ ...base, status: 'done' });
    expect(question).toMatchObject({ role: 'user', content: 'Q?' });
    expect(answer).toMatchObject({ role: 'assistant', content: 'Part', stopped: false, citations: [RECORDS_CITATION], engine_label: 'Built-in offline engine' });
    expect(storedExchangeOf({ ...base, status: 'stopped' })[1]).toMatchObject({ stopped: true, citations: [] });
  });

  it('keeps only the question when the answer was stopped before its first word', () => {
    const exchange = storedExchangeOf({ ...startTurn('Q?', null), status: 'stopped' });
    expect(exchange.map((m) => m.role)).toEqual(['user']);
  });

  it('appends the exchange to a stored conversation, or starts one titled from the question', () => {
    const turn: LiveTurn = { ...startTurn('x'.repeat(100), null), answer: 'A.', status: 'done' };
    const started = withExchange(undefined, turn, 'c-9');
    expect(started).toMatchObject({ id: 'c-9', title: `${'x'.repeat(79)}…` });
    expect(started.messages).toHaveLength(2);
    const continued = withExchange(started, turn, 'c-9');
    expect(continued.messages).toHaveLength(4);
    expect(continued.title).toBe(started.title);
  });
});
