import { oneLine } from './text';
import { z } from 'zod';
import { THREAD_TITLE_MAX } from './constants';

export const threadSummarySchema = z.object({ id: z.string(), title: z.string(), updatedAt: z.string() });
export type ThreadSummary = z.infer<typeof threadSummarySchema>;

export const threadMessageSchema = z.object({
  id: z.string(),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  /** The stored generation response for assistant turns (citations, engine...). */
  payload: z.unknown().optional(),
  createdAt: z.string(),
});
export type ThreadMessage = z.infer<typeof threadMessageSchema>;

export const threadDetailSchema = threadSummarySchema.extend({
  createdAt: z.string(),
  read_only: z.boolean(),
  owner: z.object({ firstName: z.string(), lastName: z.string() }),
  messages: z.array(threadMessageSchema),
});
export type ThreadDetail = z.infer<typeof threadDetailSchema>;

export const threadIdParamsSchema = z.object({ id: z.string().min(1).max(64) });

export const renameThreadRequestSchema = z.strictObject({
  thread_id: z.string().min(1).max(64),
  title: oneLine(1, THREAD_TITLE_MAX, { empty: 'Thread title cannot be empty' }),
});
