import { BadgeCheck, CircleAlert } from 'lucide-react';
import { useI18n } from '../../lib/i18n';

/** The server's check that the quote is in the source word for word, shown so it cannot be missed. */
export function VerifiedMark({ verified }: { verified: boolean }) {
  const { t } = useI18n();
  const description = verified ? t('verifiedDescription') : t('notVerifiedDescription');
  return (
    <span
      role="img"
      aria-label={description}
      title={description}
      className={
        verified
          ? 'inline-flex items-center gap-1 text-xs font-semibold text-emerald-700'
          : 'inline-flex items-center gap-1 text-xs font-semibold text-amber-800'
      }
    >
      {verified ? <BadgeCheck aria-hidden="true" className="size-4" /> : <CircleAlert aria-hidden="true" className="size-4" />}
      {verified ? t('verified') : t('notVerified')}
    </span>
  );
}
