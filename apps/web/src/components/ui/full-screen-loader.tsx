import { useI18n } from '../../lib/i18n';

/** The full-screen 'Loading...' spinner shown while the session token is being read (spec §1, §2). */
export function FullScreenLoader() {
  const { t } = useI18n();
  return (
    <div role="status" aria-live="polite" className="fixed inset-0 flex flex-col items-center justify-center gap-3 bg-white">
      <span aria-hidden="true" className="size-10 animate-spin rounded-full border-4 border-slate-200 border-t-blue-700" />
      <span className="text-sm text-slate-700">{t('loading')}</span>
    </div>
  );
}
