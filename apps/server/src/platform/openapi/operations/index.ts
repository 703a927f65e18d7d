import { ACCOUNT_OPERATIONS } from './accounts';
import { ASSISTANT_OPERATIONS } from './assistants';
import { COMPLIANCE_OPERATIONS } from './compliance';
import { RESEARCH_OPERATIONS } from './research';
import type { OperationDoc } from './types';

export type { OperationDoc } from './types';

/** Every operation of the API by "METHOD /api/path" as Fastify registers it: the test fails on a route without one. */
export const OPERATIONS: Record<string, OperationDoc> = {
  ...ACCOUNT_OPERATIONS,
  ...RESEARCH_OPERATIONS,
  ...ASSISTANT_OPERATIONS,
  ...COMPLIANCE_OPERATIONS,
};
