import type { Motion } from '@civicdesk/contract';
import type { Translate } from '../../lib/i18n';

/** A motion's outcome in words with its tally, ayes first: "Carried 5–2". */
export function outcomeWithTally(motion: Pick<Motion, 'outcome' | 'tally'>, t: Translate): string {
  const { tally } = motion;
  if (motion.outcome === 'unknown') return tally ? t('minutesMotionTallyOnly', { aye: tally.aye, nay: tally.nay }) : t('minutesMotionOutcome_unknown');
  const outcome = t(`minutesMotionOutcome_${motion.outcome}`);
  return tally ? t('minutesMotionOutcomeTally', { outcome, aye: tally.aye, nay: tally.nay }) : outcome;
}

/** The votes a tally counts besides ayes and nays ("1 abstained, 2 absent"), or null when there are none. */
export function otherVotes(tally: Motion['tally'], t: Translate): string | null {
  if (!tally) return null;
  const parts = (['abstain', 'absent', 'recused'] as const).filter((vote) => tally[vote] > 0).map((vote) => t(`minutesMotionOtherVotes_${vote}`, { count: tally[vote] }));
  return parts.length ? parts.join(', ') : null;
}
