import { BadgeCheck, CircleAlert, Info, TextQuote } from 'lucide-react';
import { useI18n } from '../../lib/i18n';

/**
 * The server's check that the quote is in the source word for word: neutral, since a quote that
 * matches is not yet an answer (issue 30). Readers took a green "Verified" to mean "this answers my
 * question"; only SupportMark says that.
 */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  const description = verified ? t('verifiedDescription') : t('notVerifiedDescription');
  return (
    <span
      role="img"
      aria-label={description}
      title={description}
      data-testid="quote-check"
      className={verified ? 'inline-flex items-center gap-1 text-xs font-medium text-slate-700' : 'inline-flex items-center gap-1 text-xs font-semibold text-amber-800'}
    >
      {verified ? <TextQuote aria-hidden="true" className="size-4" /> : <CircleAlert aria-hidden="true" className="size-4" />}
      {verified ? t('verified') : t('notVerified')}
    </span>
  );
}

/**
 * Whether the answer rests on this provision: "States the answer" (the support check found that its
 * words state the verdict for this question), or "Related, does not answer this question".
 */
export function SupportMark({ support }: { support: 'answers' | 'related' }) {
  const { t } = useI18n();
  const answers = support === 'answers';
  const description = answers ? t('statesAnswerDescription') : t('relatedOnlyDescription');
  return (
    <span
      role="img"
      aria-label={description}
      title={description}
      data-testid={answers ? 'states-answer' : 'related-only'}
      className={answers ? 'inline-flex items-center gap-1 text-xs font-semibold text-emerald-700' : 'inline-flex items-center gap-1 text-xs font-semibold text-amber-800'}
    >
      {answers ? <BadgeCheck aria-hidden="true" className="size-4" /> : <Info aria-hidden="true" className="size-4" />}
      {answers ? t('statesAnswer') : t('relatedOnly')}
    </span>
  );
}
