import { agendaItemSchema, draftedDocumentSchema, externalDocumentTypeSchema, UPLOAD_CONTENT_TYPES, UPLOAD_MAX_FILES } from '@civicdesk/contract';
import { z } from 'zod';
import { binaryFile, fileBody, type OperationDoc } from './types';

const ONE_SEARCH =
  'One answer shape for every search: hits ranked by how they matched (file number, phrase, all words, some words, close spellings), facets, spelling corrections and paging.';

/** Smart Search and its records: search, agenda items, agendas, ordinances, uploaded documents. */
export const RESEARCH_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/search': {
    operationId: 'searchAll',
    summary: 'Search every kind of record',
    description: `Searches legislation, agenda items and uploaded documents of the caller's location (ADMIN: any \`city_code\`) with filters on dates, committee, status, section and \`document_types\`. ${ONE_SEARCH}`,
    errors: [404],
  },
  'GET /api/:cityCode/research/meili/:query': {
    operationId: 'researchCity',
    summary: 'Search one city',
    description: `Searches one location's records for \`query\` (the path's last segment). ${ONE_SEARCH}`,
  },
  'GET /api/agenda_item': {
    operationId: 'listAgendaItems',
    summary: 'List agenda items',
    description: 'Agenda items of a location filtered by agenda, section, dates, category, status, sponsor, text and type, with paging.',
    errors: [404],
  },
  'POST /api/agenda_item': {
    operationId: 'createAgendaItem',
    summary: 'Add an agenda item',
    description: 'Adds an agenda item to an agenda of the caller\'s location; answers it as stored.',
    errors: [404],
  },
  'PUT /api/agenda_item': {
    operationId: 'updateAgendaItemOrDraft',
    summary: 'Change an agenda item, or save an agenda-item draft',
    description:
      'Two writes share this path (spec §7). Without `content`: an agenda item\'s fields, under the Smart Search permissions; answers the item. With `content`: a save of an agenda-item draft, under AGENDA_ASSISTANCE_DRAFTING; answers the draft, and 409 CONFLICT when `base_version` is older than the stored one.',
    success: { body: z.union([agendaItemSchema, draftedDocumentSchema]), description: 'The agenda item, or the saved draft.' },
    errors: [404, 409],
  },
  'GET /api/agenda_item/research': {
    operationId: 'researchAgendaItems',
    summary: 'Search agenda items',
    description: `Searches agenda items only, with the agenda-item filters. ${ONE_SEARCH}`,
    errors: [404],
  },
  'GET /api/agenda/stats': {
    operationId: 'getAgendaStats',
    summary: 'Meeting statistics for the home page',
    description: 'Counts of meetings, items and measures of a location, and the next and latest meetings.',
    errors: [404],
  },
  'GET /api/agenda': {
    operationId: 'listAgendas',
    summary: 'List meetings',
    description: 'Agendas (meetings) of a location, newest first, filtered by dates and meeting type, with paging.',
    errors: [404],
  },
  'POST /api/agenda': {
    operationId: 'createAgenda',
    summary: 'Add a meeting',
    description: 'Adds an agenda (a meeting) to the caller\'s location with its sections; answers it with its sections and items.',
    errors: [404],
  },
  'PUT /api/agenda/:id/sections': {
    operationId: 'setAgendaSections',
    summary: 'Order a meeting\'s sections',
    description: 'Replaces the order and names of an agenda\'s sections; answers the agenda.',
  },
  'GET /api/agenda/:id': {
    operationId: 'getAgenda',
    summary: 'One meeting',
    description: 'An agenda with its sections and items, in order.',
  },
  'GET /api/ordinance/statistics': {
    operationId: 'getOrdinanceStatistics',
    summary: 'Legislation statistics',
    description: 'Counts of a location\'s measures by type and status, and per year.',
    errors: [404],
  },
  'GET /api/ordinance/search': {
    operationId: 'searchOrdinances',
    summary: 'Search legislation',
    description: `Searches ordinances and resolutions. The spec writes the path with a trailing slash, GET /api/ordinance/search/, which answers the same (documented once, as tools read the two as one path). ${ONE_SEARCH}`,
    errors: [404],
  },
  'GET /api/ordinance/:id': {
    operationId: 'getOrdinance',
    summary: 'One measure',
    description: 'An ordinance or resolution with its dates, sponsors, votes, history and text.',
  },
  'GET /api/ordinance/:id/summary': {
    operationId: 'summarizeOrdinance',
    summary: 'Summarize a measure',
    description: 'A plain-language summary of a measure, made from its text (or its record when it has none), with the quotes it rests on.',
  },
  'POST /api/ordinance/:id/followup': {
    operationId: 'askAboutOrdinance',
    summary: 'Ask about a measure',
    description: 'Answers a question about one measure: facts of its record (dates, votes, status) first, otherwise from its text, with quotes.',
  },
  'GET /api/external_document': {
    operationId: 'listExternalDocuments',
    summary: 'List uploaded documents',
    description: 'Documents uploaded to a location, sorted and paged, filtered by type.',
    errors: [404],
  },
  'POST /api/external_document': {
    operationId: 'uploadExternalDocuments',
    summary: 'Upload documents',
    description: `Uploads up to ${UPLOAD_MAX_FILES} PDF, DOCX or text files as a multipart form (any file field name; \`title\` names a single file, \`document_type\` types them; the query's \`document_type\` wins). The type is read from the bytes, not the name; a file of another type answers 415, one over the size limit 413. Their text is searchable at once.`,
    body: {
      multipart: z.object({
        files: z.array(binaryFile('A PDF, DOCX or text file.')).min(1).max(UPLOAD_MAX_FILES),
        title: z.string().max(300).optional(),
        document_type: externalDocumentTypeSchema.optional(),
      }),
    },
    errors: [404],
  },
  'DELETE /api/external_document/:id': {
    operationId: 'deleteExternalDocument',
    summary: 'Delete an uploaded document',
    description: 'Deletes an uploaded document and its file.',
  },
  'GET /api/file': {
    operationId: 'getFile',
    summary: 'Download an uploaded document',
    description: 'Serves the original of an uploaded document by its stored `filename`, inline, with its own content type.',
    success: {
      content: Object.fromEntries(Object.values(UPLOAD_CONTENT_TYPES).map((type) => [type.split(';')[0], fileBody('The file as uploaded.')])),
      description: 'The file.',
    },
    errors: [404],
  },
};
