import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { CheckCircle2, MessageSquareWarning, TriangleAlert } from 'lucide-react';
import { FEEDBACK_BANNER_MS, FEEDBACK_DESCRIPTION_MAX } from '@civicdesk/contract';
import { reportIssue } from '../api/reference';
import { Button } from '../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../components/ui/dialog';
import { Label } from '../components/ui/label';
import { Textarea } from '../components/ui/textarea';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';
import { isDraftPath, isViewerPath } from '../lib/routes';
import { track } from '../lib/analytics';

type Banner = 'submitted' | 'failed' | null;

/** The floating Report Feedback button and its dialog (spec §2, §4, §8). */
export function FeedbackButton() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const textareaId = useId();
  const [open, setOpen] = useState(false);
  const [description, setDescription] = useState('');
  const [sending, setSending] = useState(false);
  const [banner, setBanner] = useState<Banner>(null);
  const bannerTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => () => clearTimeout(bannerTimer.current), []);

  if (isDraftPath(pathname)) return null;

  const showBanner = (kind: Exclude<Banner, null>) => {
    clearTimeout(bannerTimer.current);
    setBanner(kind);
    bannerTimer.current = setTimeout(() => {
      setBanner(null);
      if (kind === 'submitted') setDescription('');
    }, FEEDBACK_BANNER_MS);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!description.trim() || sending) return;
    setSending(true);
    try {
      await reportIssue(description.trim(), window.location.href);
      setOpen(false);
      showBanner('submitted');
      track('feedback_submitted');
    } catch {
      showBanner('failed');
    } finally {
      setSending(false);
    }
  };

  return (
    <div className={cn('fixed bottom-4 z-40 flex flex-col items-end gap-2', isViewerPath(pathname) ? 'right-24' : 'right-4')}>
      <div role="status" aria-live="polite">
        {banner === 'submitted' && (
          <p className="flex items-center gap-2 rounded-md border border-green-700 bg-green-50 px-3 py-2 text-sm font-medium text-green-900 shadow">
            <CheckCircle2 aria-hidden="true" className="size-4" /> {t('feedbackSubmitted')}
          </p>
        )}
      </div>
      <Button onClick={() => setOpen(true)} className="rounded-full shadow-lg" aria-haspopup="dialog">
        <MessageSquareWarning aria-hidden="true" />
        <span>{t('reportFeedback')}</span>
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent>
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>{t('reportFeedback')}</DialogTitle>
              <DialogDescription>{t('feedbackDialogDescription')}</DialogDescription>
            </DialogHeader>
            <div className="grid gap-2">
              <Label htmlFor={textareaId}>{t('feedbackDescriptionLabel')}</Label>
              <Textarea
                id={textareaId}
                value={description}
                maxLength={FEEDBACK_DESCRIPTION_MAX}
                rows={5}
                onChange={(event) => setDescription(event.target.value)}
              />
            </div>
            <div role="alert">
              {banner === 'failed' && (
                <p className="flex items-center gap-2 rounded-md border border-red-700 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
                  <TriangleAlert aria-hidden="true" className="size-4" /> {t('feedbackFailed')}
                </p>
              )}
            </div>
            <DialogFooter>
              <Button variant="outline" onClick={() => setOpen(false)}>
                {t('cancel')}
              </Button>
              <Button type="submit" disabled={!description.trim() || sending}>
                {sending ? t('sending') : t('sendFeedback')}
              </Button>
            </DialogFooter>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
