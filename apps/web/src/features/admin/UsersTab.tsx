import { useId, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Pencil, Send, Trash2, UserPlus } from 'lucide-react';
import { canManageRole, type UserView } from '@civicdesk/contract';
import { adminKeys, deleteUser, resendInvitation, useUsersByLocation } from '../../api/admin';
import { userMessageOf } from '../../api/client';
import { useLocations } from '../../api/reference';
import { AlertDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Table, Td, Th } from '../../components/ui/table';
import { toast } from '../../components/ui/use-toast';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { displayNameOf } from '../../lib/session';
import { useSession } from '../../lib/session-context';
import { EditUserDialog } from './EditUserDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { EmptyRow, QueryState } from '../../components/query-state';
import { selectClass } from './form-styles';

/** Users of one location. ADMIN picks the location; a SUPERUSER sees its own. */
export function UsersTab() {
  const { t } = useI18n();
  const pickerId = useId();
  const queryClient = useQueryClient();
  const { role, locationCode, claims } = useSession();
  const isAdmin = role === 'ADMIN';
  const locations = useLocations(isAdmin);
  const [selected, setSelected] = useState(locationCode ?? '');
  const users = useUsersByLocation(selected || undefined);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<UserView | null>(null);
  const [deleting, setDeleting] = useState<UserView | null>(null);
  const [busy, setBusy] = useState(false);
  const locationName = locations.data?.find((l) => l.code === selected)?.name ?? selected;

  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.users(selected) });
  const fail = (error: unknown) =>
    toast({ variant: 'destructive', title: t('errorTitle'), description: userMessageOf(error, t) });

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteUser(deleting.id);
      toast({ variant: 'success', title: t('userDeleted') });
      setDeleting(null);
      void refresh();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };

  const resend = async (user: UserView) => {
    try {
      await resendInvitation(user.email);
      toast({ variant: 'success', title: t('inviteResent', { email: user.email }) });
    } catch (error) {
      fail(error);
    }
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        {isAdmin ? (
          <div className="grid gap-1.5">
            <Label htmlFor={pickerId}>{t('location')}</Label>
            <select id={pickerId} className={selectClass} value={selected} onChange={(e) => setSelected(e.target.value)}>
              {!locations.data?.some((l) => l.code === selected) && selected && <option value={selected}>{selected}</option>}
              {locations.data?.map((l) => (
                <option key={l.code} value={l.code}>
                  {l.name} ({l.code})
                </option>
              ))}
            </select>
          </div>
        ) : (
          <h2 className="text-lg font-semibold">{t('usersOf', { location: locationName })}</h2>
        )}
        <Button onClick={() => setInviting(true)} disabled={!selected}>
          <UserPlus aria-hidden="true" /> {t('inviteUser')}
        </Button>
      </div>
      <QueryState query={users}>
        {(rows) => (
          <Table caption={t('usersOf', { location: locationName })}>
            <thead>
              <tr>
                <Th>{t('colName')}</Th>
                <Th>{t('colEmail')}</Th>
                <Th>{t('colRole')}</Th>
                <Th>{t('colStatus')}</Th>
                <Th>{t('colActions')}</Th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 && <EmptyRow colSpan={5}>{t('noUsers')}</EmptyRow>}
              {rows.map((user) => {
                const name = displayNameOf(user);
                const manageable = role !== null && canManageRole(role, user.role);
                const self = user.id === claims?.sub;
                return (
                  <tr key={user.id}>
                    <Td className="font-medium">{name}</Td>
                    <Td>{user.email}</Td>
                    <Td>{t(`role${user.role}` as MessageKey)}</Td>
                    <Td>
                      <span className={user.status === 'ACTIVE' ? 'text-green-800' : 'text-amber-800'}>
                        {t(`status${user.status}` as MessageKey)}
                      </span>
                    </Td>
                    <Td>
                      <div className="flex flex-wrap gap-1">
                        <Button variant="ghost" size="sm" disabled={!manageable} aria-label={`${t('editUser')} ${name}`} onClick={() => setEditing(user)}>
                          <Pencil aria-hidden="true" /> {t('editUser')}
                        </Button>
                        {user.status === 'INVITED' && (
                          <Button variant="ghost" size="sm" disabled={!manageable} aria-label={`${t('resendInvite')} ${name}`} onClick={() => void resend(user)}>
                            <Send aria-hidden="true" /> {t('resendInvite')}
                          </Button>
                        )}
                        <Button
                          variant="ghost"
                          size="sm"
                          className="text-red-700"
                          disabled={!manageable || self}
                          aria-label={`${t('deleteUser')} ${name}`}
                          onClick={() => setDeleting(user)}
                        >
                          <Trash2 aria-hidden="true" /> {t('deleteUser')}
                        </Button>
                      </div>
                    </Td>
                  </tr>
                );
              })}
            </tbody>
          </Table>
        )}
      </QueryState>
      <InviteUserDialog open={inviting} onOpenChange={setInviting} locationCode={selected} onInvited={refresh} />
      {editing && <EditUserDialog user={editing} onClose={() => setEditing(null)} onSaved={refresh} />}
      <AlertDialog
        open={deleting !== null}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={deleting ? t('deleteUserTitle', { name: displayNameOf(deleting) }) : ''}
        description={t('deleteUserDescription')}
        confirmLabel={t('deleteUser')}
        busyLabel={t('deleting')}
        busy={busy}
        onConfirm={confirmDelete}
      />
    </div>
  );
}
