import { Info } from 'lucide-react';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';

/**
 * The demo city's agendas are rebuilt from its vote history (data/demo/README.md): the votes and
 * dates are real, the sections and their order are not the published agenda. Wherever such an
 * agenda is shown, the page says so.
 */
export function ReconstructedNote({ className, compact = false }: { className?: string; compact?: boolean }) {
  const { t } = useI18n();
  return (
    <div className={cn('flex gap-2 rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950', className)}>
      <Info className="mt-0.5 size-4 shrink-0 text-amber-800" aria-hidden="true" />
      <p>
        <strong className="font-semibold">{t('reconstructedTitle')}</strong> {compact ? t('reconstructedShort') : t('reconstructedBody')}
      </p>
    </div>
  );
}
