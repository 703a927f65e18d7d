import { useAdminList } from '../../api/admin';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { EmptyRow, QueryState, formatDate, textOf } from '../../components/query-state';

/**
 * Mail the server sent, stored or still tries to send (decision 005): with SMTP a message waits here
 * as "queued" until a retry delivers it, then only its envelope stays. A code in a body shows only
 * where decision 005 allows (an invitation the viewer sent to a lower role), otherwise it is masked.
 */
export function OutboxTab() {
  const { t, language } = useI18n();
  const outbox = useAdminList('outbox');
  return (
    <QueryState query={outbox}>
      {(rows) => (
        <Table caption={t('tabOutbox')}>
          <thead>
            <tr>
              <Th>{t('colTo')}</Th>
              <Th>{t('colSubject')}</Th>
              <Th>{t('colStatus')}</Th>
              <Th>{t('colAttempts')}</Th>
              <Th>{t('colCreated')}</Th>
              <Th>{t('colMessage')}</Th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 && <EmptyRow colSpan={6}>{t('noMail')}</EmptyRow>}
            {rows.map((row) => {
              const body = textOf(row, 'body');
              return (
                <tr key={textOf(row, 'id')}>
                  <Td>{textOf(row, 'to')}</Td>
                  <Td className="font-medium">{textOf(row, 'subject')}</Td>
                  <Td>
                    {[textOf(row, 'transport'), textOf(row, 'status')].filter(Boolean).join(' · ')}
                    {body && textOf(row, 'error') && <span className="block max-w-xs break-words text-xs text-red-800">{textOf(row, 'error')}</span>}
                  </Td>
                  <Td>{textOf(row, 'attempts') || '—'}</Td>
                  <Td className="whitespace-nowrap">{formatDate(textOf(row, 'createdAt'), language)}</Td>
                  <Td>
                    {body ? (
                      <details>
                        <summary className="cursor-pointer text-blue-800 underline-offset-2 hover:underline">{t('showMessage')}</summary>
                        <pre className="mt-2 max-w-xl whitespace-pre-wrap break-words font-sans text-sm">{body}</pre>
                        {row.code_hidden === true && <p className="mt-2 max-w-xl text-sm text-slate-700">{t('codeHidden')}</p>}
                      </details>
                    ) : (
                      textOf(row, 'error') || '—'
                    )}
                  </Td>
                </tr>
              );
            })}
          </tbody>
        </Table>
      )}
    </QueryState>
  );
}
