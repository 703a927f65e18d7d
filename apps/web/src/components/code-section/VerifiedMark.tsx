import type { ComponentType } from 'react';
import { BadgeCheck, CircleAlert, Info, TextQuote } from 'lucide-react';
import { useI18n } from '../../lib/i18n';

const TONES = {
  neutral: 'inline-flex items-center gap-1 text-xs font-medium text-slate-700',
  good: 'inline-flex items-center gap-1 text-xs font-semibold text-emerald-700',
  warn: 'inline-flex items-center gap-1 text-xs font-semibold text-amber-800',
};

/** A mark of a citation: an icon and a short label, its description read out and shown on hover. */
function Mark({ tone, icon: Icon, label, description, testId }: { tone: keyof typeof TONES; icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>; label: string; description: string; testId: string }) {
  return (
    <span role="img" aria-label={description} title={description} data-testid={testId} className={TONES[tone]}>
      <Icon aria-hidden className="size-4" />
      {label}
    </span>
  );
}

/**
 * The server's check that the quote is in the source word for word: neutral, since a quote that
 * matches is not yet an answer (issue 30). Readers took a green "Verified" to mean "this answers my
 * question"; only SupportMark says that.
 */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  return verified ? (
    <Mark tone="neutral" icon={TextQuote} label={t('verified')} description={t('verifiedDescription')} testId="quote-check" />
  ) : (
    <Mark tone="warn" icon={CircleAlert} label={t('notVerified')} description={t('notVerifiedDescription')} testId="quote-check" />
  );
}

/**
 * Whether the answer rests on this provision: "States the answer" (the support check found that its
 * words state the verdict for this question), or "Related, does not answer this question".
 */
export function SupportMark({ support }: { support: 'answers' | 'related' }) {
  const { t } = useI18n();
  return support === 'answers' ? (
    <Mark tone="good" icon={BadgeCheck} label={t('statesAnswer')} description={t('statesAnswerDescription')} testId="states-answer" />
  ) : (
    <Mark tone="warn" icon={Info} label={t('relatedOnly')} description={t('relatedOnlyDescription')} testId="related-only" />
  );
}
