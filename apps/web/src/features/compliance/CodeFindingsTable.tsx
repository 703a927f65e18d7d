import { useId } from 'react';
import { CODE_RULES, type CodeFinding, type CodeRule } from '@civicdesk/contract';
import { CODE_PAGE_SIZE } from '../../api/compliance';
import { PageSteps } from '../../components/page-steps';
import { EmptyRow } from '../../components/query-state';
import { Label } from '../../components/ui/label';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { serverText } from '../../lib/i18n/server-text';
import { selectClass } from './fields';
import { SeverityBadge } from './FindingCard';

/** A code finding in a table row: the section, what is wrong, and what to do. */
export function CodeFindingRow({ finding }: { finding: CodeFinding }) {
  const { t, language } = useI18n();
  return (
    <tr>
      <Td className="whitespace-nowrap font-medium">
        {finding.section_number}
        <span className="block max-w-48 whitespace-normal text-xs font-normal text-slate-700">{finding.section_title}</span>
      </Td>
      {/* The rule's name as the summary tiles say it, in the reader's language. */}
      <Td>{t(`codeRule_${finding.rule}`)}</Td>
      <Td>
        <SeverityBadge severity={finding.severity} />
      </Td>
      <Td>
        {finding.quote && <q className="block italic text-slate-800">{finding.quote}</q>}
        <span className="block">{serverText(language, finding.explanation)}</span>
        {finding.suggestion && <span className="block text-xs text-slate-700">{serverText(language, finding.suggestion)}</span>}
      </Td>
    </tr>
  );
}

export function CodeFindingHead() {
  const { t } = useI18n();
  return (
    <thead>
      <tr>
        <Th>{t('codeColSection')}</Th>
        <Th>{t('codeColRule')}</Th>
        <Th>{t('severityLabel')}</Th>
        <Th>{t('codeColProblem')}</Th>
      </tr>
    </thead>
  );
}

/** The findings of the shown run, filtered by rule, a page at a time. */
export function CodeFindingsTable({ findings, total, rule, page, onRule, onPage }: {
  findings: CodeFinding[];
  total: number;
  rule: CodeRule | undefined;
  page: number;
  onRule: (rule: CodeRule | undefined) => void;
  onPage: (page: number) => void;
}) {
  const { t } = useI18n();
  const ids = useId();
  const pages = Math.max(1, Math.ceil(total / CODE_PAGE_SIZE));
  return (
    <div className="grid gap-3">
      <div className="grid max-w-sm gap-1">
        <Label htmlFor={`${ids}-rule`}>{t('codeRuleFilter')}</Label>
        <select id={`${ids}-rule`} className={selectClass} value={rule ?? ''} onChange={(e) => onRule((e.target.value || undefined) as CodeRule | undefined)}>
          <option value="">{t('allRules')}</option>
          {CODE_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`codeRule_${r}`)}
            </option>
          ))}
        </select>
      </div>
      <Table caption={t('codeFindingsHeading')}>
        <CodeFindingHead />
        <tbody>
          {findings.length === 0 && <EmptyRow colSpan={4}>{t('codeNoFindings')}</EmptyRow>}
          {findings.map((finding) => (
            <CodeFindingRow key={finding.id} finding={finding} />
          ))}
        </tbody>
      </Table>
      <PageSteps label={t('codeFindingPages')} total={t('codeFindingsTotal', { count: total })} page={page} pages={pages} onPage={onPage} />
    </div>
  );
}
