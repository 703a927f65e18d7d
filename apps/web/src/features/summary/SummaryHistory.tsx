import { useId } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { MINUTES_PAGE_SIZE, type MinutesHistory } from '../../api/minutes';
import { Panel } from '../../components/page';
import { PageSteps } from '../../components/page-steps';
import { EmptyRow, formatDate, QueryState } from '../../components/query-state';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';

/** The user's summaries, newest first, in pages; a title opens the summary at /summary?id=. */
export function SummaryHistory({ history, page, onPage, currentId }: {
  history: UseQueryResult<MinutesHistory>;
  page: number;
  onPage: (page: number) => void;
  currentId: string | null;
}) {
  const { t, language } = useI18n();
  const ids = useId();
  return (
    <Panel aria-labelledby={`${ids}-heading`} className="grid gap-4">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {t('minutesHistory')}
      </h2>
      <QueryState query={history}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / MINUTES_PAGE_SIZE));
          return (
            <>
              <Table caption={t('minutesHistory')}>
                <thead>
                  <tr>
                    <Th>{t('colTitle')}</Th>
                    <Th>{t('minutesHistoryState')}</Th>
                    <Th>{t('minutesHistoryMotions')}</Th>
                    <Th>{t('minutesHistoryCreated')}</Th>
                  </tr>
                </thead>
                <tbody>
                  {data.items.length === 0 && <EmptyRow colSpan={4}>{t('minutesHistoryEmpty')}</EmptyRow>}
                  {data.items.map((item) => (
                    <tr key={item.id} className={item.id === currentId ? 'bg-blue-50' : undefined}>
                      <Td>
                        <Link
                          to={`/summary?id=${encodeURIComponent(item.id)}`}
                          aria-current={item.id === currentId ? 'page' : undefined}
                          className="font-medium text-blue-800 underline-offset-2 hover:underline"
                        >
                          {item.title}
                        </Link>
                      </Td>
                      <Td className="whitespace-nowrap">{t(`jobState_${item.job_state}`)}</Td>
                      <Td className="whitespace-nowrap">{item.job_state === 'completed' ? item.motions : '—'}</Td>
                      <Td className="whitespace-nowrap">{formatDate(item.created_at, language)}</Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              {pages > 1 && (
                <PageSteps label={t('minutesHistoryPages')} total={t('minutesHistoryTotal', { count: data.total })} page={page} pages={pages} onPage={onPage} />
              )}
            </>
          );
        }}
      </QueryState>
    </Panel>
  );
}
