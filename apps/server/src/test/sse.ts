import { createParser } from 'eventsource-parser';

/** One event of a server-sent stream: its name and its JSON data. */
export interface SseTestEvent {
  event: string;
  data: Record<string, unknown>;
}

/** The events of an SSE body, parsed by the same parser the browser uses. */
export function eventsOf(body: string): SseTestEvent[] {
  const events: SseTestEvent[] = [];
  createParser({ onEvent: (e) => events.push({ event: e.event ?? 'message', data: JSON.parse(e.data) }) }).feed(body);
  return events;
}

/** The text the stream's token events carry, joined. */
export const tokensOf = (events: SseTestEvent[]) => events.filter((e) => e.event === 'token').map((e) => e.data.text as string).join('');
