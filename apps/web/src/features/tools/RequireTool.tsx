import type { ReactNode } from 'react';
import { Lock } from 'lucide-react';
import type { Tool } from '@civicdesk/contract';
import { Page, StatePanel } from '../../components/page';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { canUseTool } from '../../lib/permissions';
import { useSession } from '../../lib/session-context';

/** Shows the page only to holders of one of the tool's permissions; others get 'Access denied'. */
export function RequireTool({ tool, titleKey, children }: { tool: Tool; titleKey: MessageKey; children: ReactNode }) {
  const { permissions } = useSession();
  const { t } = useI18n();
  if (canUseTool(permissions, tool)) return <>{children}</>;
  return <AccessDenied title={t(titleKey)} message={t('accessDeniedTool', { tool: t(titleKey) })} />;
}

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
