import { useState } from 'react';
import { DEFAULT_PERMISSIONS, type Permission, type Role } from '@civicdesk/contract';
import { inviteUser } from '../../api/admin';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { Field } from '../../components/field';
import { RoleAndPermissionFields } from './RoleAndPermissionFields';
import { FormError } from '../../components/form-error';

const EMPTY = { userName: '', firstName: '', lastName: '', email: '' };

/** Invites a person to a location: they get an email with a 6-digit code (decisions.md). */
export function InviteUserDialog({ open, onOpenChange, locationCode, onInvited }: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locationCode: string;
  onInvited: () => void;
}) {
  const { t } = useI18n();
  const [fields, setFields] = useState(EMPTY);
  const [role, setRole] = useState<Role>('STAFF');
  const [permissions, setPermissions] = useState<Permission[]>(DEFAULT_PERMISSIONS.STAFF);
  const { busy, error, errors, clear, submitWith } = useSubmission();

  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const changeRole = (next: Role) => {
    setRole(next);
    setPermissions(DEFAULT_PERMISSIONS[next]);
  };
  const reset = () => {
    setFields(EMPTY);
    changeRole('STAFF');
    clear();
  };

  const submit = submitWith(async () => {
    const answer = await inviteUser({ ...fields, role, locationCode, feature_permissions: permissions });
    const email = fields.email.trim();
    toast(answer.mail_status === 'queued' ? { title: t('inviteQueued', { email }) } : { variant: 'success', title: t('userInvited', { email }) });
    reset();
    onOpenChange(false);
    onInvited();
  });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : (reset(), onOpenChange(false)))}>
      <DialogContent>
        <form onSubmit={submit} className="grid gap-4" noValidate>
          <DialogHeader>
            <DialogTitle>{t('inviteUser')}</DialogTitle>
            <DialogDescription>{t('inviteUserDescription')}</DialogDescription>
          </DialogHeader>
          <div className="grid gap-3 sm:grid-cols-2">
            <Field label={t('firstName')} value={fields.firstName} onChange={set('firstName')} error={errors['body.firstName']} required />
            <Field label={t('lastName')} value={fields.lastName} onChange={set('lastName')} error={errors['body.lastName']} required />
          </div>
          <Field label={t('email')} type="email" value={fields.email} onChange={set('email')} error={errors['body.email']} required />
          <Field label={t('userName')} value={fields.userName} onChange={set('userName')} error={errors['body.userName']} required />
          <RoleAndPermissionFields role={role} permissions={permissions} onRole={changeRole} onPermissions={setPermissions} />
          <FormError>{error}</FormError>
          <DialogFooter>
            <Button variant="outline" type="button" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? t('sending') : t('sendInvitation')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
