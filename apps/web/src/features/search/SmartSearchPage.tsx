import { Page } from '../../components/page';
import { Tabs } from '../../components/ui/tabs';
import { useI18n } from '../../lib/i18n';
import { UploadDocumentsButton } from '../../components/uploaded-documents/UploadDocumentsDialog';
import { ExploreTab } from './ExploreTab';
import { HomeTab } from './HomeTab';
import { SearchBox } from './SearchBox';
import { SearchTab } from './SearchTab';
import { useHomeUrl } from './useHomeUrl';
import type { HomeTab as HomeTabName } from './url-state';

/**
 * Smart Search, the home page (/): one search field over the HOME, SEARCH and EXPLORE tabs
 * (spec §4). Everything on screen follows the address, so Back and shared links work.
 */
export function SmartSearchPage() {
  const { t } = useI18n();
  const home = useHomeUrl();
  const tabs: { value: HomeTabName; label: string }[] = [
    { value: 'home', label: t('tabHome') },
    { value: 'search', label: t('tabSearch') },
    { value: 'explore', label: t('tabExplore') },
  ];

  return (
    <Page title={t('navSmartSearch')} description={t('smartSearchIntro')} actions={<UploadDocumentsButton />} className="max-w-6xl">
      <div className="mb-5">
        <SearchBox query={home.search.q} onSearch={home.setQuery} />
      </div>
      <Tabs label={t('smartSearchTabs')} tabs={tabs} value={home.tab} onValueChange={home.setTab}>
        {home.tab === 'home' && <HomeTab onBrowseMeetings={() => home.setTab('explore')} />}
        {home.tab === 'search' && <SearchTab search={home.search} onFilters={home.setFilters} onScope={home.setScope} onPage={home.setPage} />}
        {home.tab === 'explore' && <ExploreTab explore={home.explore} onChange={home.setExplore} />}
      </Tabs>
    </Page>
  );
}
