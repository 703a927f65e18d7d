import { z } from 'zod';
import type { ErrorStatus } from '../errors';

/** What the document says of one operation beyond what its route declares (decision 035). */
export interface OperationDoc {
  /** Stable, unique, camelCase: clients generate method names from it. */
  operationId: string;
  summary: string;
  /** What it does and what it answers; who may call it is prefixed from the route's access rule. */
  description: string;
  /**
   * The success answer where the route declares no response schema (so the document does not
   * depend on the serializer): its status (200 unless said) and its JSON body, or other media types.
   */
  success?: { status?: 200 | 201 | 202; body?: z.ZodType; content?: Record<string, z.ZodType>; description?: string };
  /** A body the handler reads itself (a multipart form, or JSON checked in the handler). */
  body?: { json?: z.ZodType; multipart?: z.ZodType };
  /** Error answers beyond those every route of its kind can give (`derivedErrors`). */
  errors?: ErrorStatus[];
}

/** A file part of a multipart form. */
export const binaryFile = (description: string) => z.string().meta({ format: 'binary', description });
/** A response body that is a file. */
export const fileBody = (description: string) => z.string().meta({ format: 'binary', description });
/** The `{success, message}` answer of many writes. */
export const messageAnswer = z.object({ success: z.boolean(), message: z.string() });
/** A deletion's answer: the id that is gone. */
export const deletedAnswer = z.object({ success: z.literal(true), id: z.string() });
