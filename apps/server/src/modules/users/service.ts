import { randomUUID } from 'node:crypto';
import {
  DEFAULT_PERMISSIONS,
  INVITE_CODE_TTL_HOURS,
  RESET_CODE_TTL_MINUTES,
  type LoginRequest,
  type SessionResponse,
  type SignInFailureReason,
} from '@civicdesk/contract';
import type { AppContext } from '../../platform/context';
import type { MailOutcome } from '../../platform/mail';
import * as audit from '../audit/service';
import type { RequestOrigin } from '../audit/service';
import { hashPassword, verifyPassword } from '../../platform/auth/passwords';
import { AppError, rateLimited } from '../../platform/errors';
import { checkCode, invalidCode, issueCode } from './codes';
import { presentUser } from './presenter';
import * as repo from './repo';
import type { UserRecord } from './repo';

/** Self-service account rules: sign in, sign up, complete an invitation, reset a password. */

const RESEND_MIN_INTERVAL_MS = 60_000;
const RESEND_MAX_PER_HOUR = 5;
export const RESET_REQUEST_ANSWER = 'If an account exists for that email, we have sent a reset code to it.';
export const INVITE_RESEND_ANSWER = 'If an invitation is pending for that email, we have sent a new code to it.';

export async function createSession(ctx: AppContext, user: UserRecord): Promise<SessionResponse> {
  const access_token = await ctx.tokens.sign({
    sub: user.id,
    role: user.role,
    feature_permissions: user.featurePermissions,
    location_code: user.locationCode,
    organization_id: user.organizationId,
    tv: user.tokenVersion,
  });
  return { access_token, token_type: 'bearer', expires_in: ctx.tokens.ttlSeconds, user: presentUser(user), success: true };
}

/**
 * Failures count against the account itself when it exists (its email and its user name are one
 * account), otherwise against what was typed, so the two spellings do not double the budget.
 */
const limiterAccount = (user: UserRecord | undefined, identifier: string) => (user ? `user:${user.id}` : `name:${identifier}`);

/** The account an event of a public account route is about: its own tenant; none when no account matched. */
const accountOf = (user: UserRecord | undefined, typed: string) =>
  user
    ? { actor: { id: user.id, email: user.email }, tenant: { locationId: user.locationId, organizationId: user.organizationId } }
    : { actor: { id: null, email: typed }, tenant: { locationId: null, organizationId: null } };

export async function login(ctx: AppContext, input: LoginRequest, origin: RequestOrigin): Promise<SessionResponse> {
  const identifier = (input.email || input.userName || '').trim().toLowerCase();
  const ip = origin.ip ?? '';
  const user = await repo.findUserByLogin(ctx.db, identifier);
  const account = limiterAccount(user, identifier);
  // The password is never part of the record: only what was typed as the email or user name, and why it failed.
  const failed = (reason: SignInFailureReason) =>
    audit.recordSafely(ctx, { action: 'sign_in.failed', ...accountOf(user, identifier), origin, details: { reason, email_or_user_name: identifier } });
  const wait = await ctx.loginLimiter.retryAfter(account, ip);
  if (wait.seconds > 0) {
    await failed(wait.accountLocked ? 'locked' : 'rate_limited');
    throw rateLimited(`Too many failed sign-in attempts. Try again in ${Math.ceil(wait.seconds / 60)} minute(s).`, wait.seconds);
  }
  const ok = await verifyPassword(user?.status === 'ACTIVE' ? user.passwordHash : null, input.password);
  if (!user || !ok) {
    await ctx.loginLimiter.fail(account, ip);
    await failed(!user ? 'unknown_account' : user.status !== 'ACTIVE' ? 'account_not_active' : 'wrong_password');
    throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
  }
  await ctx.loginLimiter.succeed(account, ip);
  await audit.recordSafely(ctx, { action: 'sign_in.succeeded', ...accountOf(user, identifier), origin });
  return createSession(ctx, user);
}

export async function signup(
  ctx: AppContext,
  input: { email: string; password: string; firstName: string; lastName: string; userName?: string; locationCode?: string },
): Promise<SessionResponse> {
  const domain = input.email.split('@')[1] ?? '';
  const allowed = Object.entries(ctx.config.signupDomains).filter(([, domains]) => domains.includes(domain));
  const entry = input.locationCode ? allowed.find(([code]) => code === input.locationCode!.toUpperCase()) : allowed[0];
  if (!entry) throw new AppError('ACCESS_DENIED', 'Self sign-up is not open for this email address. Ask your administrator for an invitation.');
  const location = await repo.findLocationByCode(ctx.db, entry[0]);
  if (!location) throw new AppError('ACCESS_DENIED', 'Self sign-up is not open for this location.');
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', 'An account with this email already exists. Sign in or reset your password.');
  const userName = input.userName ?? input.email;
  if (await repo.userNameTaken(ctx.db, userName)) throw new AppError('CONFLICT', 'This user name is taken');
  const organization = await organizationForLocation(ctx, location);
  const id = randomUUID();
  await repo.insertUser(ctx.db, {
    id,
    email: input.email,
    userName,
    firstName: input.firstName,
    lastName: input.lastName,
    passwordHash: await hashPassword(input.password),
    role: 'STAFF',
    featurePermissions: DEFAULT_PERMISSIONS.STAFF,
    locationId: location.id,
    organizationId: organization.id,
    status: 'ACTIVE',
  });
  return createSession(ctx, (await repo.findUserById(ctx.db, id))!);
}

export async function organizationForLocation(ctx: AppContext, location: { id: string; name: string }) {
  const existing = await repo.findFirstOrganizationOfLocation(ctx.db, location.id);
  if (existing) return existing;
  const id = randomUUID();
  await repo.insertOrganization(ctx.db, { id, name: location.name, locationId: location.id });
  return { id, name: location.name, locationId: location.id };
}

async function invitedUser(ctx: AppContext, email: string): Promise<UserRecord> {
  const user = await repo.findUserByEmail(ctx.db, email);
  // Unknown email, or an invitation already completed: the same answer as a wrong code.
  if (!user || user.status !== 'INVITED') {
    throw invalidCode();
  }
  return user;
}

export async function verifyInvitation(ctx: AppContext, input: { email: string; code: string }) {
  const user = await invitedUser(ctx, input.email);
  await checkCode(ctx.db, user.id, 'INVITE', input.code, false);
  return {
    success: true,
    message: 'Code verified',
    user: { email: user.email, firstName: user.firstName, lastName: user.lastName, userName: user.userName },
  };
}

export async function completeInvitation(
  ctx: AppContext,
  input: { email: string; code: string; password: string; firstName?: string; lastName?: string },
): Promise<SessionResponse> {
  const user = await invitedUser(ctx, input.email);
  await checkCode(ctx.db, user.id, 'INVITE', input.code, true);
  await repo.updateUser(ctx.db, user.id, {
    passwordHash: await hashPassword(input.password),
    firstName: input.firstName ?? user.firstName,
    lastName: input.lastName ?? user.lastName,
    status: 'ACTIVE',
  });
  return createSession(ctx, (await repo.findUserById(ctx.db, user.id))!);
}

/** True when another code may be sent now (at most one a minute and five an hour). */
async function mayResend(ctx: AppContext, userId: string, purpose: repo.CodePurpose): Promise<boolean> {
  const lastMinute = await repo.countCodesSince(ctx.db, userId, purpose, new Date(Date.now() - RESEND_MIN_INTERVAL_MS));
  const lastHour = await repo.countCodesSince(ctx.db, userId, purpose, new Date(Date.now() - 3_600_000));
  return lastMinute === 0 && lastHour < RESEND_MAX_PER_HOUR;
}

export async function sendInvitation(
  ctx: AppContext,
  user: { id: string; email: string; firstName: string },
  locationName: string,
  sentBy: string | null,
): Promise<MailOutcome> {
  const code = await issueCode(ctx.db, user.id, 'INVITE', INVITE_CODE_TTL_HOURS * 3_600_000);
  const link = `${ctx.config.publicUrl ?? `http://localhost:${ctx.config.port}`}/auth/welcome?email=${encodeURIComponent(user.email)}`;
  return ctx.mailer.send({
    to: user.email,
    kind: 'invitation',
    secret: code,
    sentBy,
    subject: 'Your CivicDesk invitation',
    text:
      `Hello ${user.firstName},\n\nYou have been invited to CivicDesk for ${locationName}.\n\n` +
      `Your invitation code: ${code}\n\nOpen ${link} and enter the code to set your password. ` +
      `The code is valid for ${INVITE_CODE_TTL_HOURS} hours.\n`,
  });
}

/** `sentBy`: the signed-in admin who asked for the resend, if any (the route is public). */
export async function resendInvitation(ctx: AppContext, email: string, sentBy: string | null) {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (user && user.status === 'INVITED' && (await mayResend(ctx, user.id, 'INVITE'))) {
    await sendInvitation(ctx, user, user.locationName, sentBy);
  }
  return { success: true, message: INVITE_RESEND_ANSWER };
}

export async function requestPasswordReset(ctx: AppContext, email: string, origin: RequestOrigin) {
  const user = await repo.findUserByEmail(ctx.db, email);
  const outcome = !user ? 'no_account' : user.status !== 'ACTIVE' ? 'account_not_active' : (await mayResend(ctx, user.id, 'RESET')) ? 'code_sent' : 'too_soon';
  // Recorded before the mail goes out; the record never holds the code.
  await audit.recordSafely(ctx, { action: 'password_reset.requested', ...accountOf(user, email), origin, details: { outcome } });
  if (user && outcome === 'code_sent') {
    const code = await issueCode(ctx.db, user.id, 'RESET', RESET_CODE_TTL_MINUTES * 60_000);
    await ctx.mailer.send({
      to: user.email,
      kind: 'password_reset',
      secret: code,
      subject: 'Your CivicDesk password reset code',
      text:
        `Hello ${user.firstName},\n\nYour password reset code: ${code}\n\n` +
        `It is valid for ${RESET_CODE_TTL_MINUTES} minutes and can be used once. ` +
        `If you did not ask for it, you can ignore this message.\n`,
    });
  }
  return { success: true, message: RESET_REQUEST_ANSWER };
}

async function activeUserForReset(ctx: AppContext, email: string): Promise<UserRecord> {
  const user = await repo.findUserByEmail(ctx.db, email);
  if (!user || user.status !== 'ACTIVE') {
    throw invalidCode();
  }
  return user;
}

export async function verifyResetCode(ctx: AppContext, input: { email: string; code: string }) {
  const user = await activeUserForReset(ctx, input.email);
  await checkCode(ctx.db, user.id, 'RESET', input.code, false);
  return { success: true, message: 'Code verified' };
}

export async function resetPassword(ctx: AppContext, input: { email: string; code: string; password: string }, origin: RequestOrigin) {
  const user = await activeUserForReset(ctx, input.email);
  await checkCode(ctx.db, user.id, 'RESET', input.code, true);
  const passwordHash = await hashPassword(input.password);
  // The new password, the end of the old sessions and the record of it: all or nothing.
  await repo.inUserTransaction(ctx.db, user.id, async (tx) => {
    await repo.updateUser(tx, user.id, { passwordHash });
    await repo.bumpTokenVersion(tx, user.id);
    await audit.record(tx, { action: 'password_reset.completed', ...accountOf(user, user.email), origin });
  });
  await ctx.loginLimiter.clearAccount(limiterAccount(user, user.email));
  return { success: true, message: 'Your password has been changed. Sign in with your new password.' };
}
