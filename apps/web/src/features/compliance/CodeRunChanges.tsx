import { useId } from 'react';
import type { CodeReport } from '@civicdesk/contract';
import { Panel } from '../../components/page';
import { Table } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { CodeFindingHead, CodeFindingRow } from './CodeFindingsTable';

/** "Changes since previous run": the findings this run found that the one before did not, and those it no longer finds. */
export function CodeRunChanges({ diff }: { diff: CodeReport['diff'] }) {
  const { t } = useI18n();
  const ids = useId();
  return (
    <Panel aria-labelledby={`${ids}-heading`} className="grid gap-4">
      <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
        {t('codeChangesHeading')}
      </h2>
      {diff.previous_run_id === null ? (
        <p className="text-sm text-slate-700">{t('codeNoPreviousRun')}</p>
      ) : (
        <>
          <section aria-labelledby={`${ids}-new`} className="grid gap-2">
            <h3 id={`${ids}-new`} className="font-semibold text-slate-900">
              {t('codeNewFindings', { count: diff.new.length })}
            </h3>
            {diff.new.length === 0 ? (
              <p className="text-sm text-slate-700">{t('codeNoNewFindings')}</p>
            ) : (
              <Table caption={t('codeNewFindings', { count: diff.new.length })}>
                <CodeFindingHead />
                <tbody>
                  {diff.new.map((finding) => (
                    <CodeFindingRow key={finding.id} finding={finding} />
                  ))}
                </tbody>
              </Table>
            )}
          </section>
          <section aria-labelledby={`${ids}-resolved`} className="grid gap-2">
            <h3 id={`${ids}-resolved`} className="font-semibold text-slate-900">
              {t('codeResolvedFindings', { count: diff.resolved.length })}
            </h3>
            {diff.resolved.length === 0 ? (
              <p className="text-sm text-slate-700">{t('codeNoResolvedFindings')}</p>
            ) : (
              <Table caption={t('codeResolvedFindings', { count: diff.resolved.length })}>
                <CodeFindingHead />
                <tbody>
                  {diff.resolved.map((finding) => (
                    <CodeFindingRow key={finding.id} finding={finding} />
                  ))}
                </tbody>
              </Table>
            )}
          </section>
        </>
      )}
    </Panel>
  );
}
