import { Hammer } from 'lucide-react';
import { Page, StatePanel } from '../../components/page';
import { useI18n, type MessageKey } from '../../lib/i18n';

/** An honest placeholder for a tool not built yet: its name, what it will do, and no sample data. */
export function ComingSoonPage({ titleKey, descriptionKey }: { titleKey: MessageKey; descriptionKey: MessageKey }) {
  const { t } = useI18n();
  return (
    <Page title={t(titleKey)} description={t(descriptionKey)}>
      <StatePanel icon={Hammer} title={t('comingSoon')}>
        <p>{t('comingSoonNote')}</p>
      </StatePanel>
    </Page>
  );
}
