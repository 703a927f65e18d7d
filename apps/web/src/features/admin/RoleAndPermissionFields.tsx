import { useId } from 'react';
import { PERMISSIONS, ROLES, canManageRole, type Permission, type Role } from '@civicdesk/contract';
import { Label } from '../../components/ui/label';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { checkboxClass, selectClass } from './form-styles';

/** The role picker (only roles the signed-in admin may give) and the permission checkboxes. */
export function RoleAndPermissionFields({ role, permissions, onRole, onPermissions }: {
  role: Role;
  permissions: Permission[];
  onRole: (role: Role) => void;
  onPermissions: (permissions: Permission[]) => void;
}) {
  const { t } = useI18n();
  const { role: actorRole } = useSession();
  const roleId = useId();
  const assignable = ROLES.filter((r) => actorRole !== null && canManageRole(actorRole, r));
  const toggle = (permission: Permission, on: boolean) =>
    onPermissions(on ? [...permissions, permission] : permissions.filter((p) => p !== permission));
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={roleId}>{t('role')}</Label>
        <select id={roleId} className={selectClass} value={role} onChange={(e) => onRole(e.target.value as Role)}>
          {assignable.map((r) => (
            <option key={r} value={r}>
              {t(`role${r}` as MessageKey)}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="grid gap-1.5">
        <legend className="mb-1 text-sm font-medium">{t('featurePermissions')}</legend>
        <div className="grid gap-1 sm:grid-cols-2">
          {PERMISSIONS.map((permission) => (
            <label key={permission} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className={checkboxClass}
                checked={permissions.includes(permission)}
                onChange={(e) => toggle(permission, e.target.checked)}
              />
              {t(`perm${permission}` as MessageKey)}
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}
