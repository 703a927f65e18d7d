import '@fastify/sse';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './errors';

/**
 * The one Server-Sent Events helper (issue 10): a streaming route declares `sse: SSE_ROUTE` and
 * hands its events to `streamEvents`. Tokens never travel in a URL: the browser posts with fetch
 * and its Authorization header and reads the stream with eventsource-parser. When the client goes
 * away (a stop button, a closed tab, a dropped connection) the signal aborts at once, so the
 * producer stops its work; an error mid-stream becomes an `error` event in the one error shape.
 */
export const SSE_ROUTE = { kind: 'only' as const, heartbeat: false };

export interface SseEvent {
  event: string;
  data: unknown;
}

export async function streamEvents(
  request: FastifyRequest,
  reply: FastifyReply,
  produce: (signal: AbortSignal) => AsyncIterable<SseEvent>,
): Promise<void> {
  const controller = new AbortController();
  const stop = () => controller.abort();
  request.raw.once('close', stop);
  reply.raw.once('close', stop);
  const events = produce(controller.signal)[Symbol.asyncIterator]();
  // Until the first event nothing is sent: a failure there (a record that is not the caller's, say)
  // is an ordinary HTTP error in the one error shape, not a stream.
  const first = await events.next().catch((err) => {
    request.raw.off('close', stop);
    reply.raw.off('close', stop);
    throw err;
  });
  try {
    for (let next = first; !next.done; next = await events.next()) {
      if (controller.signal.aborted) break;
      await reply.sse.send({ event: next.value.event, data: next.value.data });
    }
  } catch (err) {
    if (!controller.signal.aborted) {
      const body =
        err instanceof AppError
          ? { code: err.code, message: err.message }
          : { code: 'INTERNAL_ERROR', message: `Something went wrong on our side (request ${request.id})` };
      if (!(err instanceof AppError)) request.log.error({ err, reqId: request.id }, 'stream failed');
      await reply.sse.send({ event: 'error', data: body }).catch(() => undefined);
    }
  } finally {
    request.raw.off('close', stop);
    reply.raw.off('close', stop);
    if (!controller.signal.aborted) reply.sse.close();
  }
}
