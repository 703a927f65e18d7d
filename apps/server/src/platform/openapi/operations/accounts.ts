import {
  engineNameSchema,
  healthResponseSchema,
  importFileFieldsSchema,
  legistarImportRequestSchema,
  locationSchema,
  messageResponseSchema,
  organizationSchema,
  sessionResponseSchema,
  userViewSchema,
  verifyCodeResponseSchema,
} from '@civicdesk/contract';
import { z } from 'zod';
import { binaryFile, type OperationDoc } from './types';

const userAnswer = messageResponseSchema.extend({ user: userViewSchema });
const timestamp = z.string().meta({ format: 'date-time' });

/** Health, accounts, reference data, feedback, analytics, the admin panel and cities. */
export const ACCOUNT_OPERATIONS: Record<string, OperationDoc> = {
  'GET /api/health': {
    operationId: 'getHealth',
    summary: 'Liveness and what the server runs on',
    description: 'Answers `ok` with the database (`pglite` or `postgres`) and the AI engine in use, and in `degraded` what this process does less well than it should while it answers (a municipal code index still being built, a failing query model, no WebAssembly SIMD). A database that does not answer within 5 s gives 503 SERVICE_UNAVAILABLE with `details.status: "unavailable"`, so a load balancer can move traffic away. Not rate limited.',
    success: { body: healthResponseSchema, description: 'The server and its database are up.' },
  },
  'PUT /api/user/login': {
    operationId: 'logIn',
    summary: 'Sign in',
    description: 'Signs in with an email (or userName) and password and answers a bearer token (`access_token`, 12 h by default) with the user. Wrong credentials answer one generic 401 INVALID_CREDENTIALS; repeated failures per account and per address answer 429.',
    success: { body: sessionResponseSchema, description: 'Signed in: the token and the user.' },
    errors: [401],
  },
  'POST /api/user/signup': {
    operationId: 'signUp',
    summary: 'Create an account (self sign-up)',
    description: 'Creates a STAFF user of the location whose allowed email domains include the address, and signs it in. Answers 403 when self sign-up is not open for the address or location, 409 when the email or user name is taken.',
    success: { status: 201, body: sessionResponseSchema, description: 'The account is created and signed in.' },
    errors: [403, 409],
  },
  'GET /api/user/me': {
    operationId: 'getCurrentUser',
    summary: 'The signed-in user',
    description: 'Answers the caller\'s own account: name, role, permissions, location and organization.',
    success: { body: userViewSchema },
    errors: [404],
  },
  'POST /api/user/verify-invitation': {
    operationId: 'verifyInvitationCode',
    summary: 'Check an invitation code',
    description: 'Checks the 6-digit invitation code sent by email (5 attempts, 72 h) without using it, and answers the invited user\'s names. A wrong or expired code answers 400 with `body.code` named.',
    success: { body: verifyCodeResponseSchema },
  },
  'PUT /api/user/complete-invitation': {
    operationId: 'completeInvitation',
    summary: 'Accept an invitation',
    description: 'Uses the invitation code, sets the password (at least 12 characters) and signs the new user in.',
    success: { body: sessionResponseSchema, description: 'The invitation is accepted and the user signed in.' },
  },
  'POST /api/user/resend-invitation-code': {
    operationId: 'resendInvitationCode',
    summary: 'Send the invitation code again',
    description: 'Sends a new invitation code (which replaces the old one) when the address has a pending invitation; answers the same whether or not it has, at most one code a minute and five an hour.',
    success: { body: messageResponseSchema },
  },
  'POST /api/user/request-password-reset': {
    operationId: 'requestPasswordReset',
    summary: 'Ask for a password reset code',
    description: 'Emails a 6-digit reset code (15 minutes, single use) to an active account; answers the same whether or not the email exists.',
    success: { body: messageResponseSchema },
  },
  'POST /api/user/resend-reset-code': {
    operationId: 'resendPasswordResetCode',
    summary: 'Send the password reset code again',
    description: 'As request-password-reset: a new code replaces the old one, at most one a minute and five an hour; the answer never tells whether the email exists.',
    success: { body: messageResponseSchema },
  },
  'POST /api/user/verify-reset-code': {
    operationId: 'verifyPasswordResetCode',
    summary: 'Check a password reset code',
    description: 'Checks the reset code without using it. A wrong or expired code answers 400 with `body.code` named.',
    success: { body: verifyCodeResponseSchema },
  },
  'POST /api/user/reset-password-with-code': {
    operationId: 'resetPasswordWithCode',
    summary: 'Set a new password with a reset code',
    description: 'Uses the reset code and sets the new password (`password` or `new_password`); every earlier session of the user ends.',
    success: { body: messageResponseSchema },
  },
  'POST /api/user/invite': {
    operationId: 'inviteUser',
    summary: 'Invite a user',
    description: 'Creates an INVITED user in a location or organization and emails it a 6-digit code. Nobody gives a role above their own; a SUPERUSER invites into its own location and organization only (403). 409 when the email or user name is taken; `mail_status` says whether the email went out, waits for a retry or failed.',
    success: {
      status: 201,
      body: userAnswer.extend({ mail_status: z.enum(['sent', 'stored', 'queued', 'failed', 'not_stored']) }),
      description: 'The user is created; the invitation email went out or waits in the outbox.',
    },
    errors: [404, 409],
  },
  'GET /api/user/by-location': {
    operationId: 'listUsersByLocation',
    summary: 'Users of a location',
    description: 'Lists the users of a location (`location_code` or `city_code`; by default the caller\'s own). A SUPERUSER sees those of its own organization.',
    success: { body: z.array(userViewSchema) },
    errors: [404],
  },
  'PUT /api/user/edit-user': {
    operationId: 'editUser',
    summary: 'Change a user',
    description: 'Changes a user\'s names, user name, role, permissions or placement. Nobody raises anyone above their own role or changes their own role (403); a changed role or permission set ends the user\'s sessions.',
    success: { body: userAnswer },
    errors: [404, 409],
  },
  'DELETE /api/user/delete-user/:id': {
    operationId: 'deleteUser',
    summary: 'Delete a user',
    description: 'Deletes a user and ends its sessions. Nobody deletes themselves or a user of a higher role (403).',
    success: { body: messageResponseSchema },
  },
  'GET /api/location': {
    operationId: 'listLocations',
    summary: 'Locations the caller sees',
    description: 'ADMIN sees every location (it picks the city in the UI); everyone else sees their own.',
    success: { body: z.array(locationSchema) },
  },
  'GET /api/location/enabled-codes': {
    operationId: 'listLocationsWithCode',
    summary: 'Locations with a municipal code',
    description: 'The locations whose municipal code the Knowledge Assistant can read: all of them for ADMIN, the caller\'s own (when enabled) for everyone else.',
    success: { body: z.array(locationSchema) },
  },
  'GET /api/organization': {
    operationId: 'listOrganizations',
    summary: 'Organizations the caller sees',
    description: 'ADMIN sees every organization; everyone else sees their own.',
    success: { body: z.array(organizationSchema) },
  },
  'GET /api/config/public': {
    operationId: 'getPublicConfig',
    summary: 'Settings the web app reads before sign-in',
    description: 'The optional third-party services this deployment uses and its AI engine.',
    success: {
      body: z.object({ translation_widget_url: z.string().nullable(), avatar_service_url: z.string().nullable(), ai_engine: engineNameSchema }),
    },
  },
  'POST /api/report/report-issue': {
    operationId: 'reportIssue',
    summary: 'Send feedback',
    description: 'Stores a description of a problem with the page it was seen on (the floating feedback button); admins read it in the admin panel.',
    success: { status: 201, body: z.object({ success: z.literal(true), id: z.string(), message: z.string() }), description: 'The report is stored.' },
  },
  'POST /api/analytics/events': {
    operationId: 'recordAnalyticsEvents',
    summary: 'Record product analytics events',
    description: 'Stores a batch of 1 to 100 events of one session, with the device as a first-party cookie (`cd_device`, 365 days). With a valid token the events also name the user; without one they are anonymous.',
    success: { status: 202, body: z.object({ success: z.literal(true), accepted: z.number().int() }), description: 'The events are accepted.' },
  },
  'GET /api/admin/outbox': {
    operationId: 'listOutbox',
    summary: 'Outgoing email',
    description: 'The last 100 messages of the mail outbox, newest first, with their delivery state. A code is shown only to the admin who sent that invitation and who outranks the invitee (`code_hidden` otherwise); reset codes never.',
    success: {
      body: z.array(
        z.object({
          id: z.string(),
          to: z.string(),
          subject: z.string(),
          body: z.string().nullable(),
          code_hidden: z.boolean(),
          kind: z.string().nullable(),
          transport: z.string(),
          status: z.enum(['stored', 'queued', 'sent', 'failed', 'superseded']),
          attempts: z.number().int(),
          next_attempt_at: timestamp.nullable(),
          error: z.string().nullable(),
          createdAt: timestamp,
        }),
      ),
    },
  },
  'GET /api/admin/reports': {
    operationId: 'listFeedbackReports',
    summary: 'Feedback reports',
    description: 'The last 200 feedback reports, newest first (a SUPERUSER: those of its own location).',
    success: {
      body: z.array(
        z.object({ id: z.string(), description: z.string(), page_url: z.string(), createdAt: timestamp, reporter: z.string().nullable(), reporter_email: z.string().nullable() }),
      ),
    },
  },
  'GET /api/admin/analytics': {
    operationId: 'getAnalyticsSummary',
    summary: 'Product analytics summary',
    description: 'Events per day and per tool, with totals of events, sessions and devices, over the last `days` days (30 by default).',
    success: {
      body: z.object({
        per_day: z.array(z.object({ day: z.string(), count: z.number().int() })),
        per_tool: z.array(z.object({ tool: z.string(), count: z.number().int() })),
        total_events: z.number().int(),
        sessions: z.number().int(),
        devices: z.number().int(),
      }),
    },
  },
  'GET /api/admin/audit': {
    operationId: 'listAuditEvents',
    summary: 'The audit log',
    description: 'Recorded actions (sign-ins, user changes, exports, redactions...), newest first, filtered by action, actor and days; a SUPERUSER sees those within its reach.',
  },
  'POST /api/location': {
    operationId: 'createLocation',
    summary: 'Add a city',
    description: 'Adds a location with its organization. ADMIN only: a SUPERUSER is refused (403) before its input is read. 409 when the code is taken.',
    errors: [409],
  },
  'POST /api/location/:code/imports': {
    operationId: 'importLocationData',
    summary: 'Import a city\'s code or agendas',
    description: 'Queues an import job: a multipart form with `source` (`code` or `agendas`) and the files, or JSON `{"source": "legistar", "client": ...}` for a Legistar Web API import. Answers 202 with the import\'s id; follow it with GET /location/{code}/imports/{id}. A SUPERUSER imports for its own city only.',
    body: {
      json: legistarImportRequestSchema,
      multipart: importFileFieldsSchema.extend({ files: z.array(binaryFile('A file of the code book (text, HTML, XML, DOCX, PDF) or an agenda or minutes (PDF, DOCX).')) }),
    },
    errors: [409],
  },
  'GET /api/location/:code/imports': {
    operationId: 'listLocationImports',
    summary: 'A city\'s imports',
    description: 'The imports of a location, newest first, with their state, progress, counts and problems.',
  },
  'GET /api/location/:code/settings': {
    operationId: 'getLocationSettings',
    summary: 'A city\'s settings',
    description: 'The location\'s records law, open-meetings rules, adopted model codes and drafting forms.',
  },
  'PUT /api/location/:code/settings': {
    operationId: 'updateLocationSettings',
    summary: 'Change a city\'s settings',
    description: 'Changes the location\'s settings; answers them as stored.',
  },
  'GET /api/location/:code/imports/:id': {
    operationId: 'getLocationImport',
    summary: 'One import',
    description: 'One import of a location: its state, progress, counts, problems and a preview of what it read.',
  },
};
