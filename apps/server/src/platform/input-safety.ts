import { findUnsafeText } from '@civicdesk/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { validationFailed } from './errors';

/**
 * Applies the contract's text rule (decision 021) to every route before its schema runs: a NUL
 * character, an unpaired surrogate or a body nested too deep in the path, the query or a JSON body
 * answers 400 VALIDATION_FAILED naming the field, so no such string ever reaches the database.
 * Multipart fields are read by their handlers and checked there (`platform/files/multipart.ts`).
 */
export const inputSafety = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', async (request) => {
    const issue =
      findUnsafeText(request.params, 'params') ?? findUnsafeText(request.query, 'query') ?? findUnsafeText(request.body, 'body');
    if (issue) throw validationFailed('The request is not valid', [issue]);
  });
});
