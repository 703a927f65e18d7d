import { BadgeCheck, Quote, Share2 } from 'lucide-react';
import { useI18n } from '../../lib/i18n';

/** What a new user should know before the first question: answers quote, quotes are checked, threads are kept. */
export function EmptyState({ location }: { location: string | undefined }) {
  const { t } = useI18n();
  const points = [
    { icon: Quote, text: t('emptyPointQuotes') },
    { icon: BadgeCheck, text: t('emptyPointVerified') },
    { icon: Share2, text: t('emptyPointShare') },
  ];
  return (
    <section aria-labelledby="assistant-empty-title" className="mt-8 grid gap-4">
      <h2 id="assistant-empty-title" className="text-sm font-semibold text-slate-900">
        {location ? t('emptyTitle', { location }) : t('emptyTitleGeneric')}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-3">
        {points.map(({ icon: Icon, text }) => (
          <li key={text} className="flex gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-sm text-slate-700">
            <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-blue-800" />
            {text}
          </li>
        ))}
      </ul>
    </section>
  );
}
