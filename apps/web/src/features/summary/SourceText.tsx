import { HighlightedText, type SpanFocus } from '../../components/highlighted-text';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import type { ElementKind, ElementSpan } from './summary-elements';

/** Gist sentences and quotes of answers are underlined only; the summary's own elements are shaded and labelled; the chosen one is blue and outlined. */
const QUIET_KINDS: ElementKind[] = ['gist', 'citation'];

/**
 * The minutes as plain text (never markup), every element's span a highlight: clicking one (or
 * Enter on it) selects its element, and an element selected in the result is revealed and focused here.
 */
export function SourceText({ text, spans, activeId, focus, onSelect, labelOf }: {
  text: string;
  spans: ElementSpan[];
  activeId: string | null;
  focus: SpanFocus | null;
  onSelect: (id: string) => void;
  /** The label written after an element's span ("Motion 1"), or null for none. */
  labelOf: (span: ElementSpan) => string | null;
}) {
  const { t } = useI18n();
  return (
    <HighlightedText
      text={text}
      spans={spans}
      selectedId={activeId}
      focus={focus}
      onSelect={onSelect}
      label={t('minutesSourceText')}
      emptyText={t('minutesNoText')}
      className="max-h-[75vh]"
      labelOf={labelOf}
      markData={(run) => ({ 'data-elements': run.spanIds.join(' '), 'data-active': (activeId !== null && run.spanIds.includes(activeId)) || undefined })}
      markClassName={({ covering, labels, selected }) =>
        cn(
          'cursor-pointer rounded-sm text-slate-900 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700',
          // The app's stylesheet shades every <mark> (unlayered, so it outranks plain utilities): quiet and active ones override it.
          covering.every((span) => QUIET_KINDS.includes(span.kind)) && 'bg-transparent! underline decoration-slate-500 decoration-dotted decoration-2 underline-offset-4',
          selected && 'bg-blue-100! outline-2 outline-blue-700 decoration-transparent',
          labels.length > 0 &&
            "after:ml-1 after:inline-block after:whitespace-nowrap after:rounded after:border after:border-slate-500 after:bg-white after:px-1 after:font-sans after:text-[0.7rem] after:font-semibold after:text-slate-900 after:content-[attr(data-label)] after:select-none",
        )
      }
    />
  );
}
