import {
  completeInvitationRequestSchema,
  editUserRequestSchema,
  emailCodeRequestSchema,
  emailOnlyRequestSchema,
  inviteRequestSchema,
  loginRequestSchema,
  resetPasswordRequestSchema,
  signupRequestSchema,
  usersByLocationQuerySchema,
} from '@civicdesk/contract';
import { z } from 'zod';
import { requirePrincipal } from '../../platform/auth/guard';
import { type FeatureModule, typed } from '../../platform/context';
import { notFound } from '../../platform/errors';
import { originOf } from '../audit/service';
import * as administration from './administration';
import { presentUser } from './presenter';
import { findUserById } from './repo';
import * as accounts from './service';

const tags = ['user'];
/** The self-service account routes: public, with the tight per-address budget (decision 022). */
const publicAuth = { access: 'public', rateBudget: 'auth' } as const;

export const usersModule: FeatureModule = async (instance, { ctx }) => {
  const app = typed(instance);

  app.put('/user/login', { config: publicAuth, schema: { tags, body: loginRequestSchema } }, (req) =>
    accounts.login(ctx, req.body, originOf(req)),
  );
  app.post('/user/signup', { config: publicAuth, schema: { tags, body: signupRequestSchema } }, async (req, reply) =>
    reply.status(201).send(await accounts.signup(ctx, req.body)),
  );
  app.get('/user/me', { config: { access: 'authenticated' }, schema: { tags } }, async (req) => {
    const user = await findUserById(ctx.db, requirePrincipal(req).userId);
    if (!user) throw notFound('User');
    return presentUser(user);
  });

  app.post('/user/verify-invitation', { config: publicAuth, schema: { tags, body: emailCodeRequestSchema } }, (req) =>
    accounts.verifyInvitation(ctx, req.body),
  );
  app.put(
    '/user/complete-invitation',
    { config: publicAuth, schema: { tags, body: completeInvitationRequestSchema } },
    (req) => accounts.completeInvitation(ctx, req.body),
  );
  app.post('/user/resend-invitation-code', { config: publicAuth, schema: { tags, body: emailOnlyRequestSchema } }, (req) =>
    accounts.resendInvitation(ctx, req.body.email, req.principal?.userId ?? null),
  );

  app.post('/user/request-password-reset', { config: publicAuth, schema: { tags, body: emailOnlyRequestSchema } }, (req) =>
    accounts.requestPasswordReset(ctx, req.body.email, originOf(req)),
  );
  app.post('/user/resend-reset-code', { config: publicAuth, schema: { tags, body: emailOnlyRequestSchema } }, (req) =>
    accounts.requestPasswordReset(ctx, req.body.email, originOf(req)),
  );
  app.post('/user/verify-reset-code', { config: publicAuth, schema: { tags, body: emailCodeRequestSchema } }, (req) =>
    accounts.verifyResetCode(ctx, req.body),
  );
  app.post(
    '/user/reset-password-with-code',
    { config: publicAuth, schema: { tags, body: resetPasswordRequestSchema } },
    (req) =>
      accounts.resetPassword(ctx, { email: req.body.email, code: req.body.code, password: (req.body.password ?? req.body.new_password)! }, originOf(req)),
  );

  app.post('/user/invite', { config: { access: 'admin' }, schema: { tags, body: inviteRequestSchema } }, async (req, reply) =>
    reply.status(201).send(await administration.inviteUser(ctx, requirePrincipal(req), req.body, originOf(req))),
  );
  app.get('/user/by-location', { config: { access: 'admin' }, schema: { tags, querystring: usersByLocationQuerySchema } }, (req) =>
    administration.listUsersByLocation(ctx, requirePrincipal(req), req.query.location_code ?? req.query.city_code),
  );
  app.put('/user/edit-user', { config: { access: 'admin' }, schema: { tags, body: editUserRequestSchema } }, (req) =>
    administration.editUser(ctx, requirePrincipal(req), req.body, originOf(req)),
  );
  app.delete(
    '/user/delete-user/:id',
    { config: { access: 'admin' }, schema: { tags, params: z.object({ id: z.string().min(1).max(64) }) } },
    (req) => administration.deleteUser(ctx, requirePrincipal(req), req.params.id, originOf(req)),
  );
};
