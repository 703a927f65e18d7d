import type { UserView } from '@civicdesk/contract';
import type { UserRecord } from './repo';

export function presentUser(u: UserRecord): UserView {
  return {
    id: u.id,
    userName: u.userName,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role as UserView['role'],
    feature_permissions: u.featurePermissions as UserView['feature_permissions'],
    status: u.status as UserView['status'],
    location: { name: u.locationName, code: u.locationCode, state_code: u.locationStateCode },
    organization: { id: u.organizationId, name: u.organizationName },
    createdAt: u.createdAt.toISOString(),
  };
}
