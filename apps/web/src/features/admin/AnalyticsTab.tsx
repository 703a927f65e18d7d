import { useAnalyticsSummary } from '../../api/admin';
import { BarChart } from '../../components/bar-chart';
import { toolOfPath } from '../../lib/analytics';
import { useI18n, type MessageKey, type Translate } from '../../lib/i18n';
import { QueryState } from '../../components/query-state';

const TOOL_LABELS: Record<string, MessageKey> = {
  smart_search: 'navSmartSearch',
  knowledge_assistant: 'navKnowledgeAssistant',
  compliance_check: 'navComplianceCheck',
  code_compliance: 'navCodeCompliance',
  drafting: 'navDraftCollection',
  summarizer: 'navSummarizer',
  legal_chatbot: 'navLegalChatbot',
  ordinance_search: 'navOrdinanceSearch',
  document_viewer: 'toolDocumentViewer',
  admin: 'adminPanel',
};

/**
 * A tool by the name the sidebar gives it (issue 22: not "knowledge_assistant"); a page that is no
 * tool (an event with only its path, such as the sign-in page) as "Other pages".
 */
export function toolLabel(tool: string, t: Translate): string {
  const key = TOOL_LABELS[tool] ?? toolLabelKeyOf(toolOfPath(tool));
  return key ? t(key) : t('toolOtherPages');
}
const toolLabelKeyOf = (tool: string | null) => (tool ? TOOL_LABELS[tool] : undefined);

/** First-party analytics of the last 30 days: totals, events per day and per tool as bar charts. */
export function AnalyticsTab() {
  const { t } = useI18n();
  const summary = useAnalyticsSummary();
  return (
    <QueryState query={summary}>
      {(data) => (
        <div className="grid gap-4">
          <dl className="grid grid-cols-3 gap-3">
            <Figure label={t('totalEvents')} value={data.total_events} />
            <Figure label={t('sessions')} value={data.sessions} />
            <Figure label={t('devices')} value={data.devices} />
          </dl>
          {data.total_events === 0 ? (
            <p className="text-sm text-slate-700">{t('noAnalytics')}</p>
          ) : (
            <div className="grid gap-4 lg:grid-cols-2">
              <BarChart title={t('eventsPerDay')} bars={data.per_day.map((d) => ({ label: d.day, count: d.count }))} />
              <BarChart title={t('eventsPerTool')} bars={data.per_tool.map((d) => ({ label: toolLabel(d.tool, t), count: d.count }))} />
            </div>
          )}
        </div>
      )}
    </QueryState>
  );
}

/** A <div> rather than a Panel: a <dl> may only hold <div>-wrapped <dt>/<dd> groups (a <section> breaks the list for screen readers). */
function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-2xl font-semibold text-slate-900">{value.toLocaleString()}</dd>
    </div>
  );
}
