import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useMinutesHistory } from '../../api/minutes';
import { Page } from '../../components/page';
import { useI18n } from '../../lib/i18n';
import { MinutesForm } from './MinutesForm';
import { SummaryHistory } from './SummaryHistory';
import { SummaryView } from './SummaryView';

/**
 * /summary: minutes or a transcript (a file or pasted text) summarized by a job into the meeting, its
 * motions and votes, actions and the rest, each linked both ways to its words in the minutes; follow-up
 * questions; the user's earlier summaries. The open summary lives in the address (?id=), so a reload keeps it.
 */
export function SummaryPage() {
  const { t } = useI18n();
  const [params, setParams] = useSearchParams();
  const minutesId = params.get('id');
  const [page, setPage] = useState(1);
  const history = useMinutesHistory(page);

  const open = (id: string) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      next.set('id', id);
      return next;
    });

  return (
    <Page title={t('navSummarizer')} description={t('descSummarizer')} className="max-w-7xl">
      <div className="grid gap-6">
        <MinutesForm onSubmitted={open} />
        {minutesId && <SummaryView key={minutesId} minutesId={minutesId} />}
        <SummaryHistory history={history} page={page} onPage={setPage} currentId={minutesId} />
      </div>
    </Page>
  );
}
