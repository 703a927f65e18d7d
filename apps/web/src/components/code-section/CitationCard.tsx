import { useId } from 'react';
import { BookOpenText, ExternalLink } from 'lucide-react';
import type { Citation } from '@civicdesk/contract';
import { Button } from '../ui/button';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { useOpenSection } from './section-viewer-context';
import { StatusBadge } from './StatusBadge';
import { SupportMark, VerifiedMark } from './VerifiedMark';
import { NewTabLink } from '../new-tab-link';

/**
 * One source of an answer: its number and title, the verbatim quote, status, the server's check of
 * the quote, and (when the answer says) whether the answer rests on it or it is only related.
 */
export function CitationCard({ citation, position, support }: { citation: Citation; position: number; support?: 'answers' | 'related' }) {
  const { t } = useI18n();
  const titleId = useId();
  const openSection = useOpenSection();
  const webUrl = citation.kind === 'web' ? safeHttpUrl(citation.source_url) : null;

  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white" data-testid="citation-card">
      <div className="flex flex-wrap items-start gap-x-3 gap-y-2 px-4 pt-3">
        <span
          aria-hidden="true"
          className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-slate-800 text-xs font-semibold tabular-nums text-white"
        >
          {position}
        </span>
        {/* At least 12rem for the number and heading: the marks wrap below them rather than squeeze them into a column. */}
        <h4 id={titleId} className="min-w-[12rem] flex-1 text-sm leading-6 text-slate-900">
          <span className="sr-only">{t('sourceNumber', { n: position })}:</span>{' '}
          <span className="font-semibold whitespace-nowrap">
            {citation.number}
            {citation.pinpoint ?? ''}
          </span>{' '}
          <span className="text-slate-700">{citation.title}</span>
        </h4>
        <div className="flex flex-wrap items-center gap-3">
          <StatusBadge status={citation.status} />
          {support && <SupportMark support={support} />}
          <VerifiedMark verified={citation.verified} />
        </div>
      </div>
      <blockquote className="mx-3 my-3 whitespace-pre-wrap sm:mx-4 break-words border-l-4 border-amber-400 bg-amber-50 py-2 pl-4 pr-3 font-serif text-[15px] leading-relaxed text-slate-900">
        “{citation.quote}”
      </blockquote>
      {(citation.kind === 'code_section' && openSection) || webUrl ? (
        <div className="-mt-1 flex px-3 pb-2">
          {citation.kind === 'code_section' && openSection && (
            <Button
              variant="ghost"
              size="sm"
              className="text-blue-800 hover:text-blue-900"
              aria-label={t('openSectionLabel', { number: citation.number })}
              onClick={() => openSection({ sectionId: citation.source_id, quote: citation.quote })}
            >
              <BookOpenText aria-hidden="true" />
              {t('openSection')}
            </Button>
          )}
          {webUrl && (
            <Button asChild variant="ghost" size="sm" className="text-blue-800 hover:text-blue-900">
              <NewTabLink href={webUrl}>
                <ExternalLink aria-hidden="true" />
                {t('openWebSource')}
              </NewTabLink>
            </Button>
          )}
        </div>
      ) : null}
    </article>
  );
}
