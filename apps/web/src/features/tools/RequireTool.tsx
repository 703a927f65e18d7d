import type { ReactNode } from 'react';
import type { Tool } from '@civicdesk/contract';
import { AccessDenied } from '../../components/access-denied';
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
