import { useSearchParams } from 'react-router';
import { isAdminRole } from '@civicdesk/contract';
import { Page } from '../../components/page';
import { Tabs, type TabDefinition } from '../../components/ui/tabs';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { AccessDenied } from '../../components/access-denied';
import { AnalyticsTab } from './AnalyticsTab';
import { AuditTab } from './AuditTab';
import { LocationsTab } from './LocationsTab';
import { OutboxTab } from './OutboxTab';
import { ReportsTab } from './ReportsTab';
import { UsersTab } from './UsersTab';

type AdminTab = 'users' | 'outbox' | 'reports' | 'analytics' | 'locations' | 'audit';
const TAB_VALUES: AdminTab[] = ['users', 'outbox', 'reports', 'analytics', 'locations', 'audit'];

/** The admin panel: ADMIN and SUPERUSER only (decisions.md: admin screens go by role). The tab is kept in ?tab=. */
export function AdminPage() {
  const { t } = useI18n();
  const { role } = useSession();
  const [params, setParams] = useSearchParams();
  if (!isAdminRole(role)) return <AccessDenied title={t('adminTitle')} message={t('accessDeniedAdmin')} />;

  const requested = params.get('tab') as AdminTab | null;
  const tab: AdminTab = requested && TAB_VALUES.includes(requested) ? requested : 'users';
  const tabs: TabDefinition<AdminTab>[] = [
    { value: 'users', label: t('tabUsers') },
    { value: 'outbox', label: t('tabOutbox') },
    { value: 'reports', label: t('tabReports') },
    { value: 'analytics', label: t('tabAnalytics') },
    { value: 'locations', label: t('tabLocations') },
    { value: 'audit', label: t('tabAudit') },
  ];

  return (
    <Page title={t('adminTitle')} className="max-w-6xl">
      <Tabs label={t('adminSections')} tabs={tabs} value={tab} onValueChange={(next) => setParams({ tab: next }, { replace: true })}>
        {tab === 'users' && <UsersTab />}
        {tab === 'outbox' && <OutboxTab />}
        {tab === 'reports' && <ReportsTab />}
        {tab === 'analytics' && <AnalyticsTab />}
        {tab === 'locations' && <LocationsTab />}
        {tab === 'audit' && <AuditTab />}
      </Tabs>
    </Page>
  );
}
