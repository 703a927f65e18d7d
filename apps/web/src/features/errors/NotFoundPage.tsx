import { Link } from 'react-router';
import { SearchX } from 'lucide-react';
import { Page, StatePanel } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';

export function NotFoundPage() {
  const { t } = useI18n();
  return (
    <Page title={t('notFoundTitle')}>
      <StatePanel icon={SearchX} title={t('notFoundBody')}>
        <Link to="/" className={buttonVariants({ variant: 'default', className: 'mt-2' })}>
          {t('goHome')}
        </Link>
      </StatePanel>
    </Page>
  );
}
