import { renameThreadRequestSchema, threadIdParamsSchema, TOOL_PERMISSIONS } from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import * as threads from './service';

const access = { anyOf: TOOL_PERMISSIONS.KNOWLEDGE_ASSISTANT };
const tags = ['municipal_code'];

export const threadsModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.get('/municipal_code/threads', { config: { access }, schema: { tags } }, (req) => threads.listThreads(ctx.db, requirePrincipal(req)));
  app.get('/municipal_code/thread/:id', { config: { access }, schema: { tags, params: threadIdParamsSchema } }, (req) =>
    threads.readThread(ctx.db, requirePrincipal(req), req.params.id),
  );
  app.delete('/municipal_code/thread/:id', { config: { access }, schema: { tags, params: threadIdParamsSchema } }, (req) =>
    threads.deleteThread(ctx.db, requirePrincipal(req), req.params.id),
  );
  app.post('/municipal_code/rename-thread', { config: { access }, schema: { tags, body: renameThreadRequestSchema } }, (req) =>
    threads.renameThread(ctx.db, requirePrincipal(req), req.body.thread_id, req.body.title),
  );
};
