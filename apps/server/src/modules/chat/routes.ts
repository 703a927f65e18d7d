import { chatConversationParamsSchema, chatEditRequestSchema, legalChatRequestSchema, TOOL_PERMISSIONS } from '@civicdesk/contract';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { SSE_ROUTE, streamEvents } from '../../platform/sse';
import * as chat from './service';

const tags = ['chat'];
const access = { anyOf: TOOL_PERMISSIONS.LEGAL_CHATBOT };

/**
 * The streaming calls of spec §7: POST /chat/legal (the Legal Chatbot) and POST /chat/edit (an AI
 * edit of a text, used by the drafting editor, under the drafting permissions), as Server-Sent
 * Events through the one SSE helper; and the chatbot's stored conversations.
 */
export const chatModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);
  app.post('/chat/legal', { sse: SSE_ROUTE, config: { access, rateBudget: 'expensive' }, schema: { tags, body: legalChatRequestSchema } }, (req, reply) =>
    streamEvents(req, reply, (signal) => chat.legalChat(ctx, requirePrincipal(req), req.body, signal)),
  );
  app.post(
    '/chat/edit',
    { sse: SSE_ROUTE, config: { access: { anyOf: TOOL_PERMISSIONS.DRAFTING }, rateBudget: 'expensive' }, schema: { tags, body: chatEditRequestSchema } },
    (req, reply) => streamEvents(req, reply, (signal) => chat.chatEdit(ctx, requirePrincipal(req), req.body, signal)),
  );
  app.get('/chat/conversations', { config: { access }, schema: { tags } }, (req) => chat.listConversations(ctx, requirePrincipal(req)));
  app.get('/chat/conversations/:id', { config: { access }, schema: { tags, params: chatConversationParamsSchema } }, (req) =>
    chat.readConversation(ctx, requirePrincipal(req), req.params.id),
  );
  app.delete('/chat/conversations/:id', { config: { access }, schema: { tags, params: chatConversationParamsSchema } }, (req) =>
    chat.deleteConversation(ctx, requirePrincipal(req), req.params.id),
  );
};
