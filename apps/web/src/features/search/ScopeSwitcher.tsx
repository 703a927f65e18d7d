import { SEARCH_SCOPES, type SearchScope } from '../../api/search';
import { cn } from '../../lib/cn';
import { useI18n, type MessageKey } from '../../lib/i18n';

const SCOPE_LABELS: Record<SearchScope, MessageKey> = {
  all: 'scopeAll',
  agenda: 'scopeAgenda',
  resolution: 'scopeResolution',
};

/** All categories, agenda items only, or resolutions and ordinances only: each with its own filters. */
export function ScopeSwitcher({ scope, onScope }: { scope: SearchScope; onScope: (scope: SearchScope) => void }) {
  const { t } = useI18n();
  return (
    <div role="group" aria-label={t('scopeLabel')} className="inline-flex flex-wrap gap-1 justify-self-start rounded-lg bg-slate-100 p-1">
      {SEARCH_SCOPES.map((value) => (
        <button
          key={value}
          type="button"
          aria-pressed={value === scope}
          onClick={() => onScope(value)}
          className={cn(
            'rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
            value === scope ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-700 hover:text-slate-900',
          )}
        >
          {t(SCOPE_LABELS[value])}
        </button>
      ))}
    </div>
  );
}
