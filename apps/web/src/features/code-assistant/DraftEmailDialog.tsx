import { useId, useState } from 'react';
import { Copy, Loader2, Mail } from 'lucide-react';
import { useDraftEmail, type EmailAudience } from '../../api/municipal-code';
import { userMessageOf } from '../../api/client';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../components/ui/dialog';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { copyText } from '../../lib/clipboard';
import { cn } from '../../lib/cn';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { engineNameOf } from '../../lib/i18n/product-sentence';

const AUDIENCES: { value: EmailAudience; label: MessageKey }[] = [
  { value: 'resident', label: 'audienceResident' },
  { value: 'colleague', label: 'audienceColleague' },
];

interface DraftEmailDialogProps {
  threadId: string;
  /** The question of the answer the email is built on. */
  question: string;
}

/**
 * An email drafted from an answer, for a resident or a colleague, ready to copy into a mail program.
 * Renders its own button, as the dialog's trigger, so focus returns to it on close.
 */
export function DraftEmailDialog({ threadId, question }: DraftEmailDialogProps) {
  const { t } = useI18n();
  const [open, onOpenChange] = useState(false);
  const notify = useNotify();
  const ids = { subject: useId(), body: useId(), audience: useId(), audienceLabel: useId() };
  const [audience, setAudience] = useState<EmailAudience>('resident');
  const email = useDraftEmail({ threadId, question, audience, enabled: open });

  const copyEmail = async () => {
    if (!email.data) return;
    const text = `${t('emailSubject')}: ${email.data.subject}\n\n${email.data.body}`;
    if (await copyText(text)) notify.success('emailCopied');
    else notify.error('copyFailed');
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm">
          <Mail aria-hidden="true" />
          {t('draftEmail')}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{t('draftEmailTitle')}</DialogTitle>
          <DialogDescription>{t('draftEmailDescription')}</DialogDescription>
        </DialogHeader>
        <div role="radiogroup" aria-labelledby={ids.audienceLabel} className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <span id={ids.audienceLabel} className="text-sm font-medium text-slate-900">
            {t('emailAudience')}
          </span>
          {AUDIENCES.map((option) => (
            <label
              key={option.value}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-md border px-3 py-1.5 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600',
                audience === option.value ? 'border-blue-700 bg-blue-50 text-blue-900' : 'border-slate-300 text-slate-800',
              )}
            >
              <input
                type="radio"
                name={ids.audience}
                value={option.value}
                checked={audience === option.value}
                onChange={() => setAudience(option.value)}
                className="accent-blue-700"
              />
              {t(option.label)}
            </label>
          ))}
        </div>
        {email.isPending ? (
          <p role="status" className="flex items-center gap-2 py-8 text-sm text-slate-700">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t('draftingEmail')}
          </p>
        ) : email.isError ? (
          <div role="alert" className="grid gap-2 rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
            <p className="font-medium">{t('draftEmailFailed')}</p>
            <p>{userMessageOf(email.error, t)}</p>
            <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void email.refetch()}>
              {t('retry')}
            </Button>
          </div>
        ) : (
          <div className="grid gap-3">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.subject}>{t('emailSubject')}</Label>
              <Input id={ids.subject} readOnly value={email.data.subject} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.body}>{t('emailBody')}</Label>
              <Textarea id={ids.body} readOnly value={email.data.body} rows={14} className="font-serif text-[15px] leading-relaxed" />
            </div>
            <p className="text-xs text-slate-600">{t('answeredBy', { engine: engineNameOf(t, email.data.engine, null, email.data.engine_label) ?? '' })}</p>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            {t('close')}
          </Button>
          <Button onClick={() => void copyEmail()} disabled={!email.data}>
            <Copy aria-hidden="true" />
            {t('copyEmail')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
