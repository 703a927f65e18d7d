import { Lock } from 'lucide-react';
import { useI18n } from '../lib/i18n';
import { Page, StatePanel } from './page';

/** The page a signed-in user sees where their role or permissions do not reach. */
export function AccessDenied({ title, message }: { title: string; message: string }) {
  const { t } = useI18n();
  return (
    <Page title={title}>
      <StatePanel icon={Lock} title={t('accessDenied')} tone="warning">
        <p>{message}</p>
      </StatePanel>
    </Page>
  );
}
