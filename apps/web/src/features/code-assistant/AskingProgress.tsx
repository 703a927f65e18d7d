import { Loader2 } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';

/** Answers take a fraction of a second to a few seconds: say what is happening, in words and shape. */
export function AskingProgress() {
  const { t } = useI18n();
  return (
    <div role="status" className="rounded-xl border border-slate-200 bg-white px-5 py-4 shadow-sm" data-testid="asking-progress">
      <p className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Loader2 aria-hidden="true" className="size-4 animate-spin text-blue-700" />
        {t('searchingCode')}
      </p>
      <p className="mt-1 text-sm text-slate-700">{t('searchingCodeDetail')}</p>
      <div className="mt-4 grid gap-2">
        <Skeleton className="h-3.5 w-11/12" />
        <Skeleton className="h-3.5 w-4/5" />
        <Skeleton className="mt-2 h-16 w-full" />
      </div>
    </div>
  );
}
