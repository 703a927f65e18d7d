import {
  assistantSettingsSchema,
  ATTACHMENTS_MAX,
  chatConversationDetailSchema,
  chatConversationSchema,
  codeSectionSchema,
  DRAFT_KINDS,
  DRAFT_KIND_LABELS,
  draftedDocumentSchema,
  draftEmailResponseSchema,
  draftRequestSchema,
  draftResponseSchema,
  draftVersionDetailSchema,
  draftVersionSchema,
  generateRequestSchema,
  generateResponseSchema,
  promptResponseSchema,
  threadDetailSchema,
  threadSummarySchema,
} from '@civicdesk/contract';
import { z } from 'zod';
import { binaryFile, deletedAnswer, fileBody, messageAnswer, type OperationDoc } from './types';

const attachments = z.array(binaryFile('A PDF, DOCX or text file whose text the answer may use; it is not kept.')).max(ATTACHMENTS_MAX).optional();
const eventStream = (events: string) => ({
  content: { 'text/event-stream': z.string().meta({ description: `Server-Sent Events: ${events}` }) },
  description: 'A stream of Server-Sent Events.',
});
const camel = (kind: string) => kind.replace(/_(\w)/g, (_, c: string) => c.toUpperCase()).replace(/^\w/, (c) => c.toUpperCase());

const draftOperations = Object.fromEntries(
  DRAFT_KINDS.map((kind): [string, OperationDoc] => [
    `POST /api/${kind}/draft`,
    {
      operationId: `draft${camel(kind)}`,
      summary: `Draft a ${DRAFT_KIND_LABELS[kind].toLowerCase()}`,
      description: `Drafts a ${DRAFT_KIND_LABELS[kind].toLowerCase()} from a request (\`query\`), the caller's notes and attachments, citing the city's code, and stores it in the Draft Collection. JSON, or a multipart form with the same fields and up to ${ATTACHMENTS_MAX} \`attachments\`.`,
      body: { json: draftRequestSchema, multipart: draftRequestSchema.extend({ attachments }) },
      success: { status: 201, body: draftResponseSchema, description: 'The drafting result with the stored draft.' },
      errors: [404],
    },
  ]),
);

const saveOperations = Object.fromEntries(
  (['resolution', 'ordinance', 'staff_report'] as const).map((kind): [string, OperationDoc] => [
    `PUT /api/${kind}`,
    {
      operationId: `save${camel(kind)}Draft`,
      summary: `Save a ${DRAFT_KIND_LABELS[kind].toLowerCase()} draft`,
      description: `Saves the caller's ${DRAFT_KIND_LABELS[kind].toLowerCase()} draft: a new title, a new body (\`content\`) or a plain \`text\` laid onto the body. A save over a newer version than \`base_version\` answers 409 CONFLICT; a draft of another kind or another user answers 404.`,
      success: { body: draftedDocumentSchema, description: 'The draft as saved.' },
      errors: [404, 409],
    },
  ]),
);

/** The Knowledge Assistant, the Legal Chatbot and Drafting. */
export const ASSISTANT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/municipal_code/threads': {
    operationId: 'listThreads',
    summary: 'Knowledge Assistant conversations',
    description: 'The caller\'s conversations with the Knowledge Assistant, newest first.',
    success: { body: z.array(threadSummarySchema) },
  },
  'GET /api/municipal_code/thread/:id': {
    operationId: 'getThread',
    summary: 'One conversation',
    description: 'A conversation with its questions and answers (with their citations).',
    success: { body: threadDetailSchema },
  },
  'DELETE /api/municipal_code/thread/:id': {
    operationId: 'deleteThread',
    summary: 'Delete a conversation',
    description: 'Deletes one of the caller\'s conversations.',
    success: { body: messageAnswer },
  },
  'POST /api/municipal_code/rename-thread': {
    operationId: 'renameThread',
    summary: 'Rename a conversation',
    description: 'Gives one of the caller\'s conversations a new title (one line).',
    success: { body: messageAnswer.extend({ thread: z.object({ id: z.string(), title: z.string() }) }) },
    errors: [404],
  },
  'GET /api/municipal_code/data': {
    operationId: 'getCodeSection',
    summary: 'One section of the municipal code',
    description: 'A section of the location\'s code by `id` or by its number (`code`), with its text, status and the measures that amended it.',
    success: { body: codeSectionSchema },
    errors: [404],
  },
  'POST /api/municipal_code/generate': {
    operationId: 'askKnowledgeAssistant',
    summary: 'Ask the Knowledge Assistant',
    description: `Answers a question from the location's municipal code (and, when asked and set up, the web), quoting the sections it rests on; the turn is stored in a conversation (\`thread_id\`). JSON, or a multipart form with the same fields and up to ${ATTACHMENTS_MAX} \`attachments\` whose text the answer may use.`,
    body: { json: generateRequestSchema, multipart: generateRequestSchema.extend({ attachments }) },
    success: { body: generateResponseSchema },
    errors: [404],
  },
  'POST /api/municipal_code/draft-email': {
    operationId: 'draftEmailFromAnswer',
    summary: 'Draft an email from an answer',
    description: 'Writes an email that passes on an answer of the assistant with its citations, checked again against the code.',
    success: { body: draftEmailResponseSchema },
    errors: [404],
  },
  'GET /api/municipal_code/settings': {
    operationId: 'getAssistantSettings',
    summary: 'What the Knowledge Assistant can do here',
    description: 'The AI engine, whether web search and the municipal code are available (and why not), the location and the attachment limits.',
    success: { body: assistantSettingsSchema },
    errors: [404],
  },
  'POST /api/chat/legal': {
    operationId: 'askLegalChatbot',
    summary: 'Ask the Legal Chatbot (streamed)',
    description: 'Answers a legal question as Server-Sent Events, continuing a stored conversation when `conversation_id` is given. Input errors answer before the stream starts, in the one error shape.',
    success: eventStream('`meta` (conversation, engine), `token` (text), `citations`, `done`, or `error`.'),
    errors: [404],
  },
  'POST /api/chat/edit': {
    operationId: 'streamTextEdit',
    summary: 'Edit a text with AI (streamed)',
    description: 'Rewrites `original_text` as `edit_request` asks, streamed as Server-Sent Events (the drafting editor\'s AI edit).',
    success: eventStream('`token` (text), `done`, or `error`.'),
  },
  'GET /api/chat/conversations': {
    operationId: 'listChatConversations',
    summary: 'Legal Chatbot conversations',
    description: 'The caller\'s stored Legal Chatbot conversations, newest first.',
    success: { body: z.array(chatConversationSchema) },
  },
  'GET /api/chat/conversations/:id': {
    operationId: 'getChatConversation',
    summary: 'One chatbot conversation',
    description: 'A stored conversation with its messages and their citations.',
    success: { body: chatConversationDetailSchema },
  },
  'DELETE /api/chat/conversations/:id': {
    operationId: 'deleteChatConversation',
    summary: 'Delete a chatbot conversation',
    description: 'Deletes one of the caller\'s conversations.',
    success: { body: deletedAnswer },
  },
  ...draftOperations,
  ...saveOperations,
  'PUT /api/resolution/ai-edit': {
    operationId: 'aiEditResolutionDraft',
    summary: 'Edit a resolution draft with AI',
    description: 'Applies an edit request to the caller\'s resolution draft and saves the result as a new version; answers the draft, what changed and the text before.',
    errors: [404, 409],
  },
  'GET /api/drafted_document/history': {
    operationId: 'listDrafts',
    summary: 'The Draft Collection',
    description: 'The caller\'s drafts, newest first, filtered by kind, dates and words, with paging.',
  },
  'GET /api/drafted_document/:id': {
    operationId: 'getDraft',
    summary: 'One draft',
    description: 'One of the caller\'s drafts with its body, text, citations and amendments.',
    success: { body: draftedDocumentSchema },
  },
  'PUT /api/drafted_document': {
    operationId: 'saveDraft',
    summary: 'Save a draft of any kind',
    description: 'As PUT /resolution, for a draft of any kind the caller may draft. 409 CONFLICT over a newer version.',
    success: { body: draftedDocumentSchema, description: 'The draft as saved.' },
    errors: [404, 409],
  },
  'DELETE /api/drafted_document/:id': {
    operationId: 'deleteDraft',
    summary: 'Delete a draft',
    description: 'Deletes one of the caller\'s drafts with its versions.',
    success: { body: deletedAnswer },
  },
  'GET /api/drafted_document/:id/versions': {
    operationId: 'listDraftVersions',
    summary: 'A draft\'s versions',
    description: 'The saved versions of a draft, newest first, each with its reason (draft, save, autosave, AI edit, restore) and length.',
    success: { body: z.array(draftVersionSchema) },
  },
  'GET /api/drafted_document/:id/versions/:version': {
    operationId: 'getDraftVersion',
    summary: 'One version of a draft',
    description: 'One saved version with its body and text.',
    success: { body: draftVersionDetailSchema },
  },
  'POST /api/drafted_document/:id/restore': {
    operationId: 'restoreDraftVersion',
    summary: 'Restore a version',
    description: 'Makes an earlier version the current one (as a new version); answers the draft.',
    success: { body: draftedDocumentSchema },
  },
  'GET /api/drafted_document/:id/export': {
    operationId: 'exportDraft',
    summary: 'Download a draft as DOCX or PDF',
    description: 'The draft as a file (`format`: docx, the default, or pdf), laid on the city\'s template for its kind when there is one; as an attachment.',
    success: {
      content: {
        'application/vnd.openxmlformats-officedocument.wordprocessingml.document': fileBody('The draft as a Word document.'),
        'application/pdf': fileBody('The draft as a PDF.'),
      },
      description: 'The file.',
    },
  },
  'GET /api/prompt/:type': {
    operationId: 'getDraftingForm',
    summary: 'The drafting form of a kind',
    description: 'The form a draft of this kind follows in the caller\'s (or `city_code`\'s) jurisdiction, its guidance, and the templates to choose from.',
  },
  'POST /api/prompt/:type/template': {
    operationId: 'uploadDraftingTemplate',
    summary: 'Upload the city\'s template of a kind',
    description: 'Stores one Word (DOCX) file as the location\'s template for drafts of this kind (replacing the earlier one); exports are laid on it. Another type of file answers 415.',
    body: { multipart: z.object({ file: binaryFile('The template, a Word document (DOCX).') }) },
    success: { body: promptResponseSchema, description: 'The form with its templates.' },
  },
  'DELETE /api/prompt/:type/template': {
    operationId: 'deleteDraftingTemplate',
    summary: 'Remove the city\'s template of a kind',
    description: 'Removes the location\'s template; drafts of this kind use the built-in form again.',
    success: { body: promptResponseSchema, description: 'The form with its templates.' },
  },
};
