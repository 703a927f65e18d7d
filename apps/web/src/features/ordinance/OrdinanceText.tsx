import { useEffect, useRef, useState } from 'react';
import { ExternalLink } from 'lucide-react';
import { Panel } from '../../components/page';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { revealInMain } from '../../lib/scroll';
import type { Citation } from './AnswerView';
import { NewTabLink } from '../../components/new-tab-link';

const PREVIEW_CHARS = 1800;

/** Splits the text around a quoted passage; offsets outside the text are ignored. */
export function splitAtPassage(text: string, passage: Pick<Citation, 'start' | 'end'> | null) {
  if (!passage || passage.start < 0 || passage.end > text.length || passage.start >= passage.end) return null;
  return { before: text.slice(0, passage.start), passage: text.slice(passage.start, passage.end), after: text.slice(passage.end) };
}

/**
 * The measure's full text, folded after its opening until asked. A quote chosen in an answer
 * unfolds it and marks the passage, so a clerk can check the answer against the law itself.
 */
export function OrdinanceText({ text, passage, historyUrl }: { text: string; passage: Citation | null; historyUrl: string | null }) {
  const { t } = useI18n();
  const [expanded, setExpanded] = useState(false);
  const markRef = useRef<HTMLElement>(null);
  const parts = splitAtPassage(text, passage);

  useEffect(() => {
    if (!parts) return;
    setExpanded(true);
    // After the unfold has rendered.
    requestAnimationFrame(() => markRef.current && revealInMain(markRef.current, 'smooth'));
    // Keyed on the chosen quote alone: each click makes a new object, so choosing the same quote again scrolls again.
  }, [passage]);

  const long = text.length > PREVIEW_CHARS;
  const shown = expanded || !long ? text : `${text.slice(0, PREVIEW_CHARS).replace(/\s+\S*$/, '')}…`;

  return (
    <Panel aria-labelledby="ordinance-text-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="ordinance-text-heading" className="text-lg font-semibold text-slate-900">
          {t('ordinanceText')}
        </h2>
        {safeHttpUrl(historyUrl) && (
          <NewTabLink
            href={safeHttpUrl(historyUrl)!}
            className="inline-flex items-center gap-1 rounded text-sm font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            {t('officialRecord')}
            <ExternalLink className="size-3.5" aria-hidden="true" />
          </NewTabLink>
        )}
      </div>
      {!text.trim() ? (
        <p className="mt-3 text-sm text-slate-700">{t('ordinanceNoText')}</p>
      ) : (
        <>
          <div className="mt-3 max-w-none whitespace-pre-wrap break-words font-serif text-[0.95rem] leading-7 text-slate-900">
            {parts && expanded ? (
              <>
                {parts.before}
                <mark ref={markRef} tabIndex={-1} className="rounded bg-yellow-200 px-0.5 outline-none ring-2 ring-yellow-400">
                  {parts.passage}
                </mark>
                {parts.after}
              </>
            ) : (
              shown
            )}
          </div>
          {long && (
            <Button variant="outline" className="mt-4" aria-expanded={expanded} onClick={() => setExpanded((v) => !v)}>
              {expanded ? t('showLess') : t('showFullText', { count: Math.round(text.length / 1000) })}
            </Button>
          )}
        </>
      )}
    </Panel>
  );
}
