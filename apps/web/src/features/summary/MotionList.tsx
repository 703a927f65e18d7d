import { useId, type ReactNode } from 'react';
import type { Motion } from '@civicdesk/contract';
import { ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { Table, Td, Th } from '../../components/ui/table';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { otherVotes, outcomeWithTally } from './motion-words';
import { ElementCard } from './ElementCard';
import { elementIds, groupMotions, linkHref, type MotionEntry } from './summary-elements';

const OUTCOME_STYLES: Record<Motion['outcome'], string> = {
  carried: 'border-green-700 bg-green-50 text-green-900',
  failed: 'border-red-700 bg-red-50 text-red-900',
  withdrawn: 'border-slate-500 bg-slate-50 text-slate-900',
  tabled: 'border-slate-500 bg-slate-50 text-slate-900',
  continued: 'border-slate-500 bg-slate-50 text-slate-900',
  unknown: 'border-slate-400 bg-white text-slate-800',
};

/** The motions, in the order they were made; an amendment sits under the motion it amends. */
export function MotionList({ motions, activeId, onShow }: { motions: Motion[]; activeId: string | null; onShow: (id: string) => void }) {
  const { t } = useI18n();
  if (motions.length === 0) return <p className="text-sm text-slate-700">{t('minutesNoMotions')}</p>;
  return (
    <ul className="grid gap-3">
      {groupMotions(motions).map((group) => (
        <MotionCard key={group.index} entry={group} activeId={activeId} onShow={onShow} adoptedAmendments={group.amendments.filter((a) => a.motion.outcome === 'carried').map((a) => a.index + 1)}>
          {group.amendments.length > 0 && (
            <ul className="ml-2 grid gap-3 border-l-4 border-slate-200 pl-3 sm:ml-4" aria-label={t('minutesMotionAmendmentsTo', { number: group.index + 1 })}>
              {group.amendments.map((amendment) => (
                <MotionCard key={amendment.index} entry={amendment} activeId={activeId} onShow={onShow} />
              ))}
            </ul>
          )}
        </MotionCard>
      ))}
    </ul>
  );
}

function MotionCard({
  entry,
  activeId,
  onShow,
  adoptedAmendments = [],
  children,
}: {
  entry: MotionEntry;
  activeId: string | null;
  onShow: (id: string) => void;
  /** The numbers of the amendments to this motion that were adopted: the motion was decided as they changed it. */
  adoptedAmendments?: number[];
  children?: ReactNode;
}) {
  const { t } = useI18n();
  const ids = useId();
  const { motion, index } = entry;
  const id = elementIds.motion(index);
  const others = otherVotes(motion.tally, t);
  const href = motion.link && linkHref(motion.link);
  const facts: [string, string | null][] = [
    [t('minutesMotionMover'), motion.mover],
    [t('minutesMotionSeconder'), motion.seconder],
    [t('minutesMotionItem'), motion.item ?? motion.link?.file_number ?? null],
  ];
  return (
    <ElementCard elementId={id} active={activeId === id} onShow={() => onShow(id)} heading={t('minutesMotionNumber', { number: index + 1 })}>
      <p className="flex flex-wrap items-center gap-2">
        <span className={cn('rounded border px-1.5 py-0.5 text-xs font-semibold', OUTCOME_STYLES[motion.outcome])} data-testid="motion-outcome">
          {outcomeWithTally(motion, t)}
        </span>
        <span className="text-xs text-slate-800">{t(`minutesMotionVoteKind_${motion.vote_kind}`)}</span>
        {entry.amends !== null && <span className="text-xs font-medium text-slate-800">{t('minutesMotionAmendmentTo', { number: entry.amends + 1 })}</span>}
      </p>
      <p className="text-slate-900">{motion.text}</p>
      {adoptedAmendments.length > 0 && (
        <p className="rounded border border-amber-300 bg-amber-50 px-2 py-1 text-xs text-amber-950" data-testid="motion-as-amended">
          {t('minutesMotionAsAmended', { numbers: adoptedAmendments.join(', ') })}
        </p>
      )}
      <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-slate-800">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd>{value ?? <span className="text-slate-700">{t('minutesNotStated')}</span>}</dd>
          </div>
        ))}
        {others && (
          <div className="contents">
            <dt className="font-medium">{t('minutesMotionOtherVotes')}</dt>
            <dd>{others}</dd>
          </div>
        )}
      </dl>
      {motion.link && (
        <p className="flex flex-wrap items-center gap-x-2 text-slate-800">
          <span id={`${ids}-link`}>{motion.link.title}</span>
          {href && (
            <Link to={href} aria-describedby={`${ids}-link`} className="inline-flex items-center gap-1 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950">
              <ExternalLink className="size-3.5" aria-hidden="true" />
              {motion.link.kind === 'agenda_item' ? t('minutesMotionOpenAgendaItem') : t('minutesMotionOpenLegislation')}
            </Link>
          )}
        </p>
      )}
      {motion.votes.length > 0 && (
        <div className="max-w-sm">
          <Table caption={t('minutesMotionVotesCaption', { number: index + 1 })}>
            <thead>
              <tr>
                <Th>{t('minutesMotionVoteMember')}</Th>
                <Th>{t('minutesMotionVoteCast')}</Th>
              </tr>
            </thead>
            <tbody>
              {motion.votes.map((vote, v) => (
                <tr key={`${vote.member}-${v}`}>
                  <Td>{vote.member}</Td>
                  <Td>{t(`minutesVote_${vote.vote}`)}</Td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
      {children}
    </ElementCard>
  );
}
