import { useId, useState } from 'react';
import { Mail } from 'lucide-react';
import { usePraRequests } from '../../api/compliance';
import { Panel } from '../../components/page';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { formatDay } from './fields';
import { PraDraftDialog } from './PraDraftDialog';
import { PraRequestView } from './PraRequestView';

/** Records requests (PRA): draft the answering email from checked documents, then follow the request to its close. */
export function RecordsRequests({ selectedId, onSelect }: { selectedId: string | null; onSelect: (id: string | null) => void }) {
  const { t, language } = useI18n();
  const ids = useId();
  const [drafting, setDrafting] = useState(false);
  const requests = usePraRequests();

  return (
    <Panel aria-labelledby={`${ids}-heading`} className="grid gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-heading`} className="text-lg font-semibold text-slate-900">
          {t('recordsRequests')}
        </h2>
        <Button onClick={() => setDrafting(true)}>
          <Mail aria-hidden="true" />
          {t('draftPraEmail')}
        </Button>
      </div>
      <QueryState query={requests}>
        {(data) => {
          const selected = data.requests.find((r) => r.id === selectedId) ?? null;
          return (
            <>
              {selected && <PraRequestView key={selected.id} request={selected} />}
              {data.requests.length === 0 ? (
                <p className="text-sm text-slate-700">{t('praNoneYet')}</p>
              ) : (
                <ul className="grid gap-1" aria-label={t('praPastRequests')}>
                  {data.requests.map((request) => (
                    <li key={request.id}>
                      <button
                        type="button"
                        aria-current={request.id === selectedId || undefined}
                        onClick={() => onSelect(request.id === selectedId ? null : request.id)}
                        className={cn(
                          'grid w-full gap-0.5 rounded-md border px-3 py-2 text-left text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
                          request.id === selectedId ? 'border-blue-700 bg-blue-50' : 'border-slate-200 hover:bg-slate-50',
                        )}
                      >
                        <span className="line-clamp-1 font-medium text-slate-900">{request.request_text}</span>
                        <span className="text-slate-700">
                          {[request.requester_name, t(`praStatus_${request.status}`), request.due_date ? t('praDueOn', { date: formatDay(request.due_date, language) }) : t('praDuePausedShort')].filter(Boolean).join(' · ')}
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </>
          );
        }}
      </QueryState>
      <PraDraftDialog open={drafting} onOpenChange={setDrafting} onDrafted={(request) => onSelect(request.id)} />
    </Panel>
  );
}
