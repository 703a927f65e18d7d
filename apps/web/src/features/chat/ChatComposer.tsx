import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { AlertCircle, ArrowUp, Square } from 'lucide-react';
import { QUESTION_MAX } from '@civicdesk/contract';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';

interface ChatComposerProps {
  /** Resolves false when the question was not answered: the box then gets it back. */
  onSend: (question: string) => Promise<boolean>;
  onStop: () => void;
  answering: boolean;
  /** The server's message about the last failed question. */
  failure: string | null;
  /** Changes when the box should take the focus (a new chat, another conversation opened). */
  focusKey: string;
}

/**
 * The message box: Enter sends, Shift+Enter adds a line, Send is disabled while the box is empty.
 * While an answer streams the box stays editable (the next question can be written), and Stop
 * (or Esc) ends the answer.
 */
export function ChatComposer({ onSend, onStop, answering, failure, focusKey }: ChatComposerProps) {
  const { t } = useI18n();
  const ids = { box: useId(), hint: useId() };
  const boxRef = useRef<HTMLTextAreaElement>(null);
  const [draft, setDraft] = useState('');
  const empty = draft.trim() === '';

  useEffect(() => {
    boxRef.current?.focus({ preventScroll: true });
  }, [focusKey]);

  // When an answer ends, Stop disappears: the box takes the focus rather than the page losing it.
  const wasAnswering = useRef(answering);
  useEffect(() => {
    const active = document.activeElement;
    if (wasAnswering.current && !answering && (!active || active === document.body || boxRef.current?.form?.contains(active))) {
      boxRef.current?.focus({ preventScroll: true });
    }
    wasAnswering.current = answering;
  }, [answering]);

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    const question = draft.trim();
    if (answering || !question) return;
    setDraft('');
    const answered = await onSend(question);
    // Nothing submitted is lost: the question comes back, ahead of anything typed meanwhile.
    if (!answered) setDraft((typed) => (typed.trim() ? `${question}\n\n${typed}` : question));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void send();
    } else if (event.key === 'Escape' && answering) {
      event.preventDefault();
      onStop();
    }
  };

  return (
    <form onSubmit={send} className="grid gap-3">
      {failure && (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{t('chatFailedTitle')}</p>
            <p>{failure}</p>
            <p className="mt-1 text-red-800">{t('chatFailedKeep')}</p>
          </div>
        </div>
      )}
      <div className="rounded-xl border border-slate-300 bg-white shadow-sm focus-within:border-blue-600 focus-within:ring-2 focus-within:ring-blue-600/30">
        <label htmlFor={ids.box} className="sr-only">
          {t('chatMessageLabel')}
        </label>
        <textarea
          ref={boxRef}
          id={ids.box}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          maxLength={QUESTION_MAX}
          rows={3}
          placeholder={t('chatPlaceholder')}
          aria-describedby={ids.hint}
          className="block min-h-20 w-full resize-y rounded-t-xl bg-transparent px-4 pt-3 text-[15px] leading-6 text-slate-900 placeholder:text-slate-600 focus:outline-none"
        />
        <div className="flex items-center justify-end gap-3 border-t border-slate-100 px-2 py-2">
          <span id={ids.hint} className="text-xs text-slate-700">
            {answering ? t('chatHintAnswering') : t('chatHint')}
          </span>
          {answering ? (
            // Keyed apart: Stop and Send are two buttons, never one that turns into the other under a click.
            <Button key="stop" type="button" size="sm" variant="destructive" onClick={onStop} aria-label={t('chatStopLabel')}>
              <Square aria-hidden="true" className="fill-current" />
              {t('chatStop')}
            </Button>
          ) : (
            <Button key="send" type="submit" size="sm" disabled={empty}>
              <ArrowUp aria-hidden="true" />
              {t('chatSend')}
            </Button>
          )}
        </div>
      </div>
    </form>
  );
}
