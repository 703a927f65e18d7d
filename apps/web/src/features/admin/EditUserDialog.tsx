import { useState } from 'react';
import type { Permission, Role, UserView } from '@civicdesk/contract';
import { editUser } from '../../api/admin';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useI18n } from '../../lib/i18n';
import { displayNameOf } from '../../lib/session';
import { useSubmission } from '../../lib/use-submission';
import { Field } from '../../components/field';
import { RoleAndPermissionFields } from './RoleAndPermissionFields';
import { FormError } from '../../components/form-error';

/** Edits a user's name, role and permissions; a role or permission change ends their sessions. */
export function EditUserDialog({ user, onClose, onSaved }: { user: UserView; onClose: () => void; onSaved: () => void }) {
  const { t } = useI18n();
  const [firstName, setFirstName] = useState(user.firstName);
  const [lastName, setLastName] = useState(user.lastName);
  const [role, setRole] = useState<Role>(user.role);
  const [permissions, setPermissions] = useState<Permission[]>(user.feature_permissions);
  const { busy, error, errors, submitWith } = useSubmission();

  const submit = submitWith(async () => {
    await editUser({ id: user.id, firstName, lastName, role, feature_permissions: permissions });
    toast({ variant: 'success', title: t('userUpdated') });
    onSaved();
    onClose();
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('editUserTitle', { name: displayNameOf(user) })}</DialogTitle>
            <DialogDescription>{t('editUserDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('firstName')} value={firstName} onChange={(e) => setFirstName(e.target.value)} error={errors['body.firstName']} />
            <Field label={t('lastName')} value={lastName} onChange={(e) => setLastName(e.target.value)} error={errors['body.lastName']} />
          </div>
          <RoleAndPermissionFields role={role} permissions={permissions} onRole={setRole} onPermissions={setPermissions} />
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('saving') : t('saveChanges')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
