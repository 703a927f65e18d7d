import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { AlertCircle, ArrowUp, Loader2, Paperclip } from 'lucide-react';
import { QUESTION_MAX, type AssistantSettings } from '@civicdesk/contract';
import { Button } from '../../components/ui/button';
import { useI18n, type MessageKey } from '../../lib/i18n';
import { acceptAttribute, checkAttachments, DEFAULT_ATTACHMENT_LIMITS, formatBytes, type AttachmentRejection } from './attachments';
import { AttachmentList } from './AttachmentList';
import { failureText } from './failure-text';
import { SearchSwitch } from './SearchSwitch';

/** What one question sends besides its text. */
export interface AskDraft {
  question: string;
  attachments: File[];
  webSearch: boolean;
  codeSearch: boolean;
}

interface AskFormProps {
  /** Resolves true when answered; on false the form gives the user back everything they sent. */
  onAsk: (draft: AskDraft) => Promise<boolean>;
  sending: boolean;
  settings: AssistantSettings | undefined;
  /** The §8 message of the last failed question, if any. */
  failure: string | null;
  followUp?: boolean;
  autoFocus?: boolean;
}

const REJECTION_TEXT: Record<AttachmentRejection['reason'], MessageKey> = {
  type: 'attachmentWrongType',
  size: 'attachmentTooLarge',
  count: 'attachmentTooMany',
};

export function AskForm({ onAsk, sending, settings, failure, followUp = false, autoFocus = false }: AskFormProps) {
  const { t } = useI18n();
  const ids = { question: useId(), hint: useId(), problem: useId(), options: useId() };
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const [question, setQuestion] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const [codeSearch, setCodeSearch] = useState(true);
  const [webSearch, setWebSearch] = useState(false);
  const [rejections, setRejections] = useState<AttachmentRejection[]>([]);
  const [empty, setEmpty] = useState(false);

  const limits = settings?.attachments ?? DEFAULT_ATTACHMENT_LIMITS;
  const location = settings?.location.name;
  const webAvailable = settings?.web_search_available === true;
  const codeAvailable = settings?.municipal_code_available !== false;

  useEffect(() => {
    // preventScroll: focusing must not move the page (see revealInScrollArea).
    if (autoFocus) textareaRef.current?.focus({ preventScroll: true });
  }, [autoFocus]);

  // Back from sending (answered or not): the box is ready for the next question.
  const wasSending = useRef(sending);
  useEffect(() => {
    if (wasSending.current && !sending) textareaRef.current?.focus({ preventScroll: true });
    wasSending.current = sending;
  }, [sending]);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (sending) return;
    const trimmed = question.trim();
    if (!trimmed) {
      setEmpty(true);
      textareaRef.current?.focus({ preventScroll: true });
      return;
    }
    const draft: AskDraft = { question: trimmed, attachments: files, webSearch: webAvailable && webSearch, codeSearch };
    setRejections([]);
    // The question shows in the conversation at once; the box is emptied, and refilled on failure.
    setQuestion('');
    setFiles([]);
    const answered = await onAsk(draft);
    if (!answered) {
      setQuestion(question);
      setFiles(draft.attachments);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  };

  const pickFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const picked = Array.from(event.target.files ?? []);
    event.target.value = '';
    const { accepted, rejected } = checkAttachments(files, picked, limits);
    setFiles((current) => [...current, ...accepted]);
    setRejections(rejected);
  };

  const removeFile = (index: number) => {
    setFiles((current) => current.filter((_, i) => i !== index));
    textareaRef.current?.focus({ preventScroll: true });
  };

  const problems = [
    ...(empty ? [t('questionRequired')] : []),
    ...rejections.map((r) => t(REJECTION_TEXT[r.reason], { name: r.name, size: formatBytes(limits.max_bytes), count: limits.max_files })),
  ];
  const webDescription =
    !settings || webAvailable
      ? t('searchWebDescription')
      : // The reason in the reader's language: the server's sentence is English, for API clients.
        t('searchWebUnavailable', { reason: t('searchWebNotConfigured') });
  const codeDescription = !location
    ? t('searchCodeDescriptionGeneric')
    : codeAvailable
      ? t('searchCodeDescription', { location })
      : t('searchCodeUnavailable', { location });
  const indexNote = codeAvailable && settings?.code_index_ready === false ? ` ${t('searchCodeIndexBuilding')}` : '';

  return (
    <form onSubmit={submit} className="grid gap-3" aria-busy={sending}>
      {failure && (
        <div role="alert" className="flex items-start gap-3 rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900">
          <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          <div>
            <p className="font-semibold">{t('askFailedTitle')}</p>
            <p>{failureText(failure, t)}</p>
            <p className="mt-1 text-red-800">{t('askFailedKeep')}</p>
          </div>
        </div>
      )}
      <div className="rounded-xl border border-slate-300 bg-white shadow-sm focus-within:border-blue-600 focus-within:ring-2 focus-within:ring-blue-600/30">
        <label htmlFor={ids.question} className="sr-only">
          {followUp ? t('askFollowUpLabel') : t('yourQuestion')}
        </label>
        <textarea
          ref={textareaRef}
          id={ids.question}
          value={question}
          onChange={(event) => {
            setQuestion(event.target.value);
            if (empty) setEmpty(false);
          }}
          onKeyDown={onKeyDown}
          disabled={sending}
          maxLength={QUESTION_MAX}
          rows={3}
          placeholder={followUp ? t('askFollowUpPlaceholder') : location ? t('askPlaceholder', { location }) : t('askPlaceholderGeneric')}
          aria-describedby={problems.length ? `${ids.problem} ${ids.hint}` : ids.hint}
          aria-invalid={empty || undefined}
          className="block min-h-20 w-full resize-y rounded-t-xl bg-transparent px-4 pt-3 text-[15px] leading-6 text-slate-900 placeholder:text-slate-500 focus:outline-none disabled:cursor-not-allowed disabled:text-slate-600"
        />
        <AttachmentList files={files} disabled={sending} onRemove={removeFile} />
        {problems.length > 0 && (
          <ul id={ids.problem} role="alert" className="grid gap-0.5 px-4 pb-2 text-sm text-red-800">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
        <div className="flex items-center justify-between gap-2 border-t border-slate-100 px-2 py-2">
          <div className="flex min-w-0 items-center gap-2">
            <input ref={fileInputRef} type="file" multiple accept={acceptAttribute(limits)} onChange={pickFiles} className="sr-only" tabIndex={-1} aria-hidden="true" />
            <Button variant="ghost" size="sm" disabled={sending} onClick={() => fileInputRef.current?.click()}>
              <Paperclip aria-hidden="true" />
              {t('attachFiles')}
            </Button>
            <span className="hidden truncate text-xs text-slate-600 md:inline">
              {t('attachHint', { count: limits.max_files, size: formatBytes(limits.max_bytes) })}
            </span>
          </div>
          <div className="flex items-center gap-3">
            <span id={ids.hint} className="hidden text-xs text-slate-600 sm:inline">
              {t('askHint')}
            </span>
            <Button type="submit" size="sm" disabled={sending}>
              {sending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <ArrowUp aria-hidden="true" />}
              {t('askButton')}
            </Button>
          </div>
        </div>
      </div>
      <fieldset className="grid gap-3 px-1 sm:grid-cols-2">
        <legend className="sr-only">{t('searchOptions')}</legend>
        <SearchSwitch
          label={t('searchCodeLabel')}
          description={codeDescription + indexNote}
          checked={codeSearch}
          onCheckedChange={setCodeSearch}
        />
        <SearchSwitch
          label={t('searchWebLabel')}
          description={webDescription}
          checked={webAvailable && webSearch}
          disabled={!webAvailable}
          onCheckedChange={setWebSearch}
        />
      </fieldset>
    </form>
  );
}
