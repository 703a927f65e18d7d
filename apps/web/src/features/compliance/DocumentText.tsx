import { useEffect, useMemo, useRef, useState } from 'react';
import type { ComplianceFinding } from '@civicdesk/contract';
import { EyeOff } from 'lucide-react';
import { HighlightedText } from '../../components/highlighted-text';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { useI18n } from '../../lib/i18n';
import { entityLabel, ruleLabel } from './compliance-words';
import { SEVERITY_STYLES, worstSeverity } from './severity';

export interface FocusRequest {
  findingId: string;
  /** Changes on every request, so asking for the same finding twice focuses it again. */
  nonce: number;
}

/** The offset in the document text of a point in the DOM: the length of the text before it (labels are CSS, not text). */
function textOffset(root: HTMLElement, node: Node, offset: number): number {
  const range = document.createRange();
  range.setStart(root, 0);
  range.setEnd(node, offset);
  return range.toString().length;
}

interface Selected {
  start: number;
  end: number;
  text: string;
}

/** The document's text with every finding's span highlighted; selecting text offers "Mark for redaction". */
export function DocumentText({ text, findings, selectedId, focusRequest, onSelect, onMarkRedaction, marking }: {
  text: string;
  findings: ComplianceFinding[];
  selectedId: string | null;
  focusRequest: FocusRequest | null;
  onSelect: (findingId: string) => void;
  onMarkRedaction: (start: number, end: number) => Promise<boolean>;
  marking: boolean;
}) {
  const { t, language } = useI18n();
  const textRef = useRef<HTMLDivElement>(null);
  const [selection, setSelection] = useState<Selected | null>(null);
  // One focus per request: a new request object, even for the same finding, reveals it again.
  const focus = useMemo(() => focusRequest && { id: focusRequest.findingId, nonce: focusRequest.nonce }, [focusRequest]);

  const labelOf = (finding: ComplianceFinding) =>
    [t(`severity_${finding.severity}`), finding.entity_type ? entityLabel(language, finding.entity_type) : ruleLabel(language, finding), finding.status === 'open' ? null : t(`findingStatus_${finding.status}`)].filter(Boolean).join(' · ');

  useEffect(() => {
    const onSelectionChange = () => {
      const root = textRef.current;
      const current = document.getSelection();
      if (!root || !current || current.rangeCount === 0) return;
      const range = current.getRangeAt(0);
      if (!root.contains(range.startContainer) || !root.contains(range.endContainer)) return;
      if (range.collapsed) {
        setSelection(null);
        return;
      }
      const start = textOffset(root, range.startContainer, range.startOffset);
      const end = textOffset(root, range.endContainer, range.endOffset);
      setSelection(start < end && text.slice(start, end).trim() ? { start, end, text: text.slice(start, end) } : null);
    };
    document.addEventListener('selectionchange', onSelectionChange);
    return () => document.removeEventListener('selectionchange', onSelectionChange);
  }, [text]);

  const mark = async () => {
    if (!selection) return;
    if (await onMarkRedaction(selection.start, selection.end)) {
      setSelection(null);
      document.getSelection()?.removeAllRanges();
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex min-h-9 flex-wrap items-center gap-2 text-sm text-slate-800" aria-live="polite">
        {selection ? (
          <>
            <span className="min-w-0 flex-1 truncate">{t('selectedText', { text: selection.text.length > 60 ? `${selection.text.slice(0, 60)}…` : selection.text })}</span>
            <Button size="sm" onClick={() => void mark()} disabled={marking}>
              <EyeOff aria-hidden="true" />
              {marking ? t('markingRedaction') : t('markForRedaction')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setSelection(null)}>
              {t('clearSelection')}
            </Button>
          </>
        ) : (
          <span>{t('selectToRedact')}</span>
        )}
      </div>
      <HighlightedText
        text={text}
        spans={findings.flatMap((f) => [f, ...f.places.map((p) => ({ ...f, start: p.start, end: p.end }))])}
        selectedId={selectedId}
        focus={focus}
        onSelect={onSelect}
        label={t('documentText')}
        emptyText={t('noDocumentText')}
        className="max-h-[70vh]"
        textRef={textRef}
        labelOf={labelOf}
        markClassName={({ covering, labels, selected }) =>
          cn(
            'cursor-pointer rounded-sm text-slate-900 underline decoration-2 underline-offset-4 focus:outline-2 focus:outline-offset-1 focus:outline-blue-700',
            SEVERITY_STYLES[worstSeverity(covering.map((f) => f.severity)) ?? 'low'].mark,
            covering.every((f) => f.status !== 'open') && 'decoration-dotted opacity-80',
            selected && 'outline-2 outline-blue-700',
            labels.length > 0 &&
              "after:ml-1 after:rounded after:border after:border-slate-500 after:bg-white after:px-1 after:font-sans after:text-[0.7rem] after:font-semibold after:text-slate-900 after:content-[attr(data-label)] after:select-none",
          )
        }
      />
    </div>
  );
}
