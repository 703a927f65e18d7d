import { useEffect, useId, useMemo, useRef } from 'react';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { CodeSection } from '@civicdesk/contract';
import { Button } from '../ui/button';
import { useI18n } from '../../lib/i18n';
import { splitAtQuote } from './quote-match';
import { AmendmentList } from './AmendmentList';
import { revealInScrollArea } from '../../lib/scroll';

interface SectionBodyProps {
  section: CodeSection;
  /** The cited passage to highlight and scroll to. */
  quote?: string;
  onNavigate: (sectionId: string) => void;
}

/** A section's full text (the quoted passage highlighted and scrolled to), its history and its neighbours. */
export function SectionBody({ section, quote, onNavigate }: SectionBodyProps) {
  const { t } = useI18n();
  const textHeadingId = useId();
  const markRef = useRef<HTMLElement>(null);
  const segments = useMemo(() => splitAtQuote(section.text, quote), [section.text, quote]);
  const highlighted = segments.some((segment) => segment.marked);

  useEffect(() => {
    revealInScrollArea(markRef.current, { center: true, smooth: false });
  }, [section.id, highlighted]);

  return (
    <div className="grid gap-6">
      {/* A city whose codes restart their numbers ("Sec. 37" of the Police and of the Health Code): the reader chooses. */}
      {section.same_number.length > 0 && (
        <nav aria-label={t('sameNumberElsewhere')} className="grid gap-1 rounded-md border border-sky-200 bg-sky-50 px-4 py-3 text-sm text-sky-950" data-testid="same-number">
          <p className="font-medium">{section.ambiguous ? t('sameNumberChoose', { number: section.number, code: section.title_name }) : t('sameNumberElsewhere')}</p>
          <ul className="grid gap-1">
            {section.same_number.map((other) => (
              <li key={other.id}>
                <Button variant="link" className="h-auto whitespace-normal p-0 text-left" onClick={() => onNavigate(other.id)}>
                  {t('sameNumberIn', { code: other.code, number: other.number, title: other.title })}
                </Button>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <section aria-labelledby={textHeadingId} className="grid gap-2">
        <h3 id={textHeadingId} className="sr-only">
          {t('sectionText')}
        </h3>
        {highlighted && <p className="text-xs text-slate-600">{t('quotedPassageNote')}</p>}
        <div className="whitespace-pre-wrap break-words font-serif text-base leading-7 text-slate-900">
          {segments.map((segment, index) =>
            segment.marked ? (
              <mark key={index} ref={markRef} className="rounded-sm bg-amber-200 px-0.5 shadow-[0_0_0_2px_rgb(253_230_138)]">
                {segment.text}
              </mark>
            ) : (
              <span key={index}>{segment.text}</span>
            ),
          )}
        </div>
      </section>

      <AmendmentList measures={section.amended_by} history={section.history} />

      {(section.previous || section.next) && (
        <nav aria-label={t('neighbouringSections')} className="grid grid-cols-2 gap-3 border-t border-slate-200 pt-4">
          <div>
            {section.previous && (
              <Button variant="ghost" className="h-auto w-full flex-col items-start gap-0.5 whitespace-normal px-3 py-2 text-left" onClick={() => onNavigate(section.previous!.id)}>
                <span className="flex items-center gap-1 text-xs text-slate-600">
                  <ChevronLeft aria-hidden="true" /> {t('previousSection')}
                </span>
                <span className="text-sm font-medium text-slate-900">
                  {section.previous.number} {section.previous.title}
                </span>
              </Button>
            )}
          </div>
          <div>
            {section.next && (
              <Button variant="ghost" className="h-auto w-full flex-col items-end gap-0.5 whitespace-normal px-3 py-2 text-right" onClick={() => onNavigate(section.next!.id)}>
                <span className="flex items-center gap-1 text-xs text-slate-600">
                  {t('nextSection')} <ChevronRight aria-hidden="true" />
                </span>
                <span className="text-sm font-medium text-slate-900">
                  {section.next.number} {section.next.title}
                </span>
              </Button>
            )}
          </div>
        </nav>
      )}
    </div>
  );
}
