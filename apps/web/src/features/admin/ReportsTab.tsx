import { useAdminList } from '../../api/admin';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { EmptyRow, QueryState, formatDate, textOf } from '../../components/query-state';

/** Feedback sent from the Report Feedback button of every page, newest first. */
export function ReportsTab() {
  const { t, language } = useI18n();
  const reports = useAdminList('reports');
  return (
    <QueryState query={reports}>
      {(rows) => (
        <Table caption={t('tabReports')}>
          <thead>
            <tr>
              <Th>{t('colCreated')}</Th>
              <Th>{t('colReporter')}</Th>
              <Th>{t('colDescription')}</Th>
              <Th>{t('colPage')}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={4}>{t('noReports')}</EmptyRow>}
            {rows.map((row) => (
              <tr key={textOf(row, 'id')}>
                <Td className="whitespace-nowrap">{formatDate(textOf(row, 'createdAt'), language)}</Td>
                <Td>
                  {textOf(row, 'reporter') || '—'}
                  <span className="block text-xs text-slate-600">{textOf(row, 'reporter_email')}</span>
                </Td>
                <Td className="max-w-md whitespace-pre-wrap break-words">{textOf(row, 'description')}</Td>
                <Td className="max-w-xs break-all">{pathOf(textOf(row, 'page_url'))}</Td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </QueryState>
  );
}

/** The page address without the origin: shorter, and the origin is always this site. */
function pathOf(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname + parsed.search;
  } catch {
    return url;
  }
}
