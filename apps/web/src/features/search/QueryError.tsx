import { userMessageOf } from '../../api/client';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';

/** A failed load, said plainly, with the server's reason and a way to try again. */
export function QueryError({ error, title, onRetry }: { error: unknown; title: string; onRetry: () => void }) {
  const { t } = useI18n();
  return (
    <div role="alert" className="flex flex-wrap items-center gap-3 rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
      <span>
        {title}: {userMessageOf(error, t)}
      </span>
      <Button variant="outline" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </div>
  );
}
