import { useId } from 'react';
import { Info } from 'lucide-react';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';

/** Where questions will be asked. Disabled, and says so, until the assistant's answering arrives. */
export function QuestionBox({ className }: { className?: string }) {
  const { t } = useI18n();
  const inputId = useId();
  const noteId = useId();
  return (
    <div className={cn('grid gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm', className)}>
      <Label htmlFor={inputId}>{t('yourQuestion')}</Label>
      <Textarea id={inputId} disabled aria-describedby={noteId} rows={3} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p id={noteId} className="flex items-start gap-2 text-sm text-slate-700">
          <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          {t('questionArriving')}
        </p>
        <Button disabled>{t('comingSoon')}</Button>
      </div>
    </div>
  );
}
