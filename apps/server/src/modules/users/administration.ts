import { randomUUID } from 'node:crypto';
import { canManageRole, DEFAULT_PERMISSIONS, type EditUserRequest, type InviteRequest, type Permission, type Role } from '@civicdesk/contract';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { AppError, accessDenied, notFound } from '../../platform/errors';
import type { MailOutcome } from '../../platform/mail';
import * as audit from '../audit/service';
import type { RequestOrigin } from '../audit/service';
import { presentUser } from './presenter';
import * as repo from './repo';
import type { UserRecord } from './repo';
import { organizationForLocation, sendInvitation } from './service';

/**
 * User administration. ADMIN manages everyone; SUPERUSER manages the users of its own
 * organization and never grants ADMIN; nobody deletes themselves or raises anyone above their
 * own role. A user the actor may not manage is "not found".
 */

function assertManageable(actor: Principal, target: UserRecord) {
  if (actor.role === 'ADMIN') return;
  if (actor.role !== 'SUPERUSER' || target.organizationId !== actor.organizationId) throw notFound('User');
  if (!canManageRole(actor.role, target.role as Role)) throw accessDenied('You cannot manage a user with a higher role');
}

function assertAssignableRole(actor: Principal, role: Role) {
  if (!canManageRole(actor.role, role)) throw accessDenied(`You cannot give the role ${role}`);
}

/** ADMIN may list any location; others their own (a SUPERUSER only its organization). */
export async function listUsersByLocation(ctx: AppContext, actor: Principal, locationCode?: string) {
  let locationId = actor.locationId;
  if (locationCode && locationCode.toUpperCase() !== actor.locationCode.toUpperCase()) {
    const location = actor.role === 'ADMIN' ? await repo.findLocationByCode(ctx.db, locationCode) : undefined;
    if (!location) throw notFound('Location');
    locationId = location.id;
  }
  const rows = await repo.listUsers(ctx.db, {
    locationId,
    organizationId: actor.role === 'ADMIN' ? undefined : actor.organizationId,
  });
  return rows.map(presentUser);
}

async function resolvePlacement(ctx: AppContext, actor: Principal, input: { locationCode?: string; organizationName?: string }) {
  if (actor.role !== 'ADMIN') {
    const own = await repo.findUserById(ctx.db, actor.userId);
    if (!own) throw notFound('User');
    if (input.locationCode && input.locationCode.toUpperCase() !== own.locationCode.toUpperCase()) throw accessDenied('You can only invite users to your own location');
    if (input.organizationName && input.organizationName.toLowerCase() !== own.organizationName.toLowerCase()) {
      throw accessDenied('You can only invite users to your own organization');
    }
    return { locationId: own.locationId, locationName: own.locationName, organizationId: own.organizationId };
  }
  let location = input.locationCode ? await repo.findLocationByCode(ctx.db, input.locationCode) : undefined;
  if (input.locationCode && !location) {
    throw new AppError('VALIDATION_FAILED', 'Unknown location', [{ field: 'body.locationCode', message: 'No location with this code' }]);
  }
  let organization = input.organizationName ? await repo.findOrganizationByName(ctx.db, input.organizationName) : undefined;
  if (!location) location = await repo.findLocationById(ctx.db, organization?.locationId ?? actor.locationId);
  if (!location) throw notFound('Location');
  if (input.organizationName && !organization) {
    organization = { id: randomUUID(), name: input.organizationName, locationId: location.id, createdAt: new Date() };
    await repo.insertOrganization(ctx.db, organization);
  }
  const organizationId = organization?.id ?? (await organizationForLocation(ctx, location)).id;
  return { locationId: location.id, locationName: location.name, organizationId };
}

/** The administrator's answer for each fate of the invitation email. */
const INVITATION_MAIL_MESSAGE: Record<MailOutcome | 'not_stored', (email: string) => string> = {
  sent: (email) => `Invitation sent to ${email}`,
  stored: (email) => `Invitation sent to ${email}`,
  queued: (email) => `The mail server did not answer. The invitation to ${email} waits in the outbox and will be sent again automatically.`,
  failed: () => 'The user was created but the email could not be sent. Use Resend invite.',
  not_stored: () => 'The user was created but the email could not be sent. Use Resend invite.',
};

export async function inviteUser(ctx: AppContext, actor: Principal, input: InviteRequest, origin: RequestOrigin) {
  assertAssignableRole(actor, input.role);
  if (await repo.findUserByEmail(ctx.db, input.email)) throw new AppError('CONFLICT', 'A user with this email already exists');
  if (await repo.userNameTaken(ctx.db, input.userName)) throw new AppError('CONFLICT', 'This user name is taken');
  const placement = await resolvePlacement(ctx, actor, input);
  const id = randomUUID();
  await repo.inUserTransaction(ctx.db, id, async (tx) => {
    await repo.insertUser(tx, {
      id,
      email: input.email,
      userName: input.userName,
      firstName: input.firstName,
      lastName: input.lastName,
      passwordHash: null,
      role: input.role,
      featurePermissions: input.feature_permissions ?? DEFAULT_PERMISSIONS[input.role],
      locationId: placement.locationId,
      organizationId: placement.organizationId,
      status: 'INVITED',
    });
    await audit.record(tx, {
      action: 'invitation.created',
      actor: { id: actor.userId },
      tenant: { locationId: placement.locationId, organizationId: placement.organizationId },
      origin,
      details: { user_id: id, email: input.email, role: input.role },
    });
  });
  const user = (await repo.findUserById(ctx.db, id))!;
  // The invitation is kept whatever happens to its email: a queued one is retried, and the admin can resend.
  const mail = await sendInvitation(ctx, user, placement.locationName, actor.userId).catch((): 'not_stored' => 'not_stored');
  return { success: true, message: INVITATION_MAIL_MESSAGE[mail](user.email), mail_status: mail, user: presentUser(user) };
}

export async function editUser(ctx: AppContext, actor: Principal, input: EditUserRequest, origin: RequestOrigin) {
  const target = await repo.findUserById(ctx.db, input.id);
  if (!target) throw notFound('User');
  assertManageable(actor, target);
  const roleChanged = input.role !== undefined && input.role !== target.role;
  if (roleChanged && target.id === actor.userId) throw accessDenied('You cannot change your own role');
  if (input.role) assertAssignableRole(actor, input.role);
  if (input.userName && (await repo.userNameTaken(ctx.db, input.userName, target.id))) throw new AppError('CONFLICT', 'This user name is taken');

  const placement =
    input.locationCode || input.organizationName ? await resolvePlacement(ctx, actor, input) : undefined;
  const permissions = input.feature_permissions ?? (roleChanged ? DEFAULT_PERMISSIONS[input.role!] : undefined);
  const permissionsChanged =
    permissions !== undefined && [...permissions].sort().join() !== [...target.featurePermissions].sort().join();

  const moved = placement !== undefined && (placement.locationId !== target.locationId || placement.organizationId !== target.organizationId);

  // The change, the end of the user's sessions and the records of it: all or nothing.
  await repo.inUserTransaction(ctx.db, target.id, async (tx) => {
    await repo.updateUser(tx, target.id, {
      firstName: input.firstName,
      lastName: input.lastName,
      userName: input.userName,
      role: input.role,
      featurePermissions: permissions,
      locationId: placement?.locationId,
      organizationId: placement?.organizationId,
    });
    if (roleChanged || permissionsChanged || placement) await repo.bumpTokenVersion(tx, target.id);
    const event = {
      actor: { id: actor.userId },
      tenant: { locationId: placement?.locationId ?? target.locationId, organizationId: placement?.organizationId ?? target.organizationId },
      origin,
    };
    const about = { user_id: target.id, email: target.email };
    if (roleChanged) await audit.record(tx, { ...event, action: 'user.role_changed', details: { ...about, from: target.role, to: input.role! } });
    if (permissionsChanged) {
      const added = permissions!.filter((p) => !target.featurePermissions.includes(p));
      const removed = target.featurePermissions.filter((p) => !permissions!.includes(p as Permission));
      await audit.record(tx, { ...event, action: 'user.permissions_changed', details: { ...about, added, removed } });
    }
    if (moved) {
      await audit.record(tx, {
        ...event,
        action: 'user.location_changed',
        details: { ...about, from: target.locationName, to: placement!.locationName, organization_changed: placement!.organizationId !== target.organizationId },
      });
    }
  });
  const user = (await repo.findUserById(ctx.db, target.id))!;
  return { success: true, message: 'User updated', user: presentUser(user) };
}

/** Deleting an account that never accepted its invitation is revoking the invitation. */
export async function deleteUser(ctx: AppContext, actor: Principal, id: string, origin: RequestOrigin) {
  if (id === actor.userId) throw accessDenied('You cannot delete your own account');
  const target = await repo.findUserById(ctx.db, id);
  if (!target) throw notFound('User');
  assertManageable(actor, target);
  await repo.inUserTransaction(ctx.db, id, async (tx) => {
    await audit.record(tx, {
      action: target.status === 'INVITED' ? 'invitation.revoked' : 'user.deleted',
      actor: { id: actor.userId },
      tenant: { locationId: target.locationId, organizationId: target.organizationId },
      origin,
      details: { user_id: target.id, email: target.email, role: target.role },
    });
    await repo.deleteUser(tx, id);
  });
  return { success: true, message: 'User deleted' };
}
