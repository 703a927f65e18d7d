import { errorBodySchema } from '@civicdesk/contract';
import { createParser } from 'eventsource-parser';
import { ApiError, authHeaders, fetchApi, throwFor } from './client';

/**
 * The one Server-Sent Events client of the web app (issue 10): a POST with fetch and the bearer
 * header (never a token in a URL, so no EventSource), the stream read with eventsource-parser.
 * Each event reaches `onEvent` as it arrives; an `error` event, a failed answer or a stream that
 * ends without `done` throws an ApiError like any other call. Aborting the signal stops reading
 * and closes the connection, which stops the server's work.
 */
export interface StreamEvent {
  event: string;
  data: unknown;
}

export async function streamPost(path: string, body: unknown, opts: { signal?: AbortSignal; onEvent: (event: StreamEvent) => void }): Promise<void> {
  const response = await fetchApi(path, {
    method: 'POST',
    headers: { ...authHeaders('text/event-stream'), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
    signal: opts.signal,
  });
  if (!response.ok || !response.body) await throwFor(response);

  let failure: ApiError | null = null;
  let done = false;
  const parser = createParser({
    onEvent: (message) => {
      let data: unknown = null;
      try {
        data = JSON.parse(message.data);
      } catch {
        data = message.data;
      }
      const event = message.event ?? 'message';
      if (event === 'error') {
        const parsed = errorBodySchema.safeParse(data);
        failure = new ApiError('server', response.status, parsed.success ? parsed.data : null, 'SERVER_ERROR');
        return;
      }
      if (event === 'done') done = true;
      opts.onEvent({ event, data });
    },
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(value);
      if (failure) throw failure;
    }
  } finally {
    reader.releaseLock();
  }
  if (failure) throw failure;
  if (!done && !opts.signal?.aborted) throw new ApiError('server', response.status, null, 'STREAM_ENDED');
}
