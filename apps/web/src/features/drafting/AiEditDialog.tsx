import { useRef, useState } from 'react';
import type { DraftedDocument, EditOutcome } from '@civicdesk/contract';
import { userMessageOf } from '../../api/client';
import { streamEdit, updateDraft } from '../../api/drafting';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useI18n } from '../../lib/i18n';
import { SPEC_MESSAGES } from '../../lib/messages';
import { applyChanges, changesBetween, type Segment } from '../../lib/text-changes';
import { FormError } from '../../components/form-error';
import { engineNameOf } from '../../lib/i18n/product-sentence';

/**
 * An AI edit of the draft (POST /chat/edit, streamed): the proposal arrives as text, then shows as
 * changes the drafter accepts or rejects one by one; the accepted ones are saved as a new version
 * (the server lays the text onto the draft, keeping the formatting of untouched lines).
 */
export function AiEditDialog({ draft, currentText, baseVersion, open, onOpenChange, onApplied }: {
  draft: DraftedDocument;
  currentText: string;
  baseVersion: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onApplied: (saved: DraftedDocument) => void;
}) {
  const { t } = useI18n();
  const [request, setRequest] = useState('');
  const [streaming, setStreaming] = useState(false);
  const [proposal, setProposal] = useState('');
  const [done, setDone] = useState<EditOutcome | null>(null);
  const [segments, setSegments] = useState<Segment[]>([]);
  const [accepted, setAccepted] = useState<Set<number>>(new Set());
  const [error, setError] = useState('');
  const [applying, setApplying] = useState(false);
  const controller = useRef<AbortController | null>(null);

  const reset = () => {
    setProposal('');
    setDone(null);
    setSegments([]);
    setError('');
  };

  const propose = async () => {
    if (!request.trim()) return;
    reset();
    setStreaming(true);
    controller.current = new AbortController();
    try {
      const result = await streamEdit(currentText, request, { signal: controller.current.signal, onText: setProposal });
      setDone(result);
      if (result.applied) {
        const next = changesBetween(currentText, result.text || currentText);
        setSegments(next);
        setAccepted(new Set(next.flatMap((s) => (s.kind === 'change' ? [s.change.id] : []))));
      }
    } catch (err) {
      if (!controller.current?.signal.aborted) setError(`${SPEC_MESSAGES.editRequestFailed}: ${userMessageOf(err, t)}`);
    } finally {
      setStreaming(false);
    }
  };
  const apply = async () => {
    setApplying(true);
    try {
      const saved = await updateDraft({ id: draft.id, text: applyChanges(segments, accepted), base_version: baseVersion, reason: 'ai_edit' });
      toast({ variant: 'success', title: t('editApplied', { version: saved.version }) });
      onApplied(saved);
      onOpenChange(false);
      reset();
      setRequest('');
    } catch (err) {
      setError(userMessageOf(err, t));
    } finally {
      setApplying(false);
    }
  };

  const changes = segments.filter((s): s is Extract<Segment, { kind: 'change' }> => s.kind === 'change');
  const toggle = (id: number, accept: boolean) =>
    setAccepted((prev) => {
      const next = new Set(prev);
      if (accept) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) controller.current?.abort();
        onOpenChange(next);
      }}
    >
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('aiEditTitle')}</DialogTitle>
          <DialogDescription>{t('aiEditDescription')}</DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            void propose();
          }}
        >
          <Label htmlFor="ai-edit-request">{t('aiEditRequest')}</Label>
          <Textarea id="ai-edit-request" rows={2} value={request} placeholder={t('aiEditPlaceholder')} onChange={(e) => setRequest(e.target.value)} />
          <div className="flex gap-2">
            <Button type="submit" disabled={streaming || !request.trim()}>
              {streaming ? t('proposing') : t('proposeEdit')}
            </Button>
            {streaming && (
              <Button variant="outline" onClick={() => controller.current?.abort()}>
                {t('stopEdit')}
              </Button>
            )}
          </div>
        </form>
        <div aria-live="polite" className="sr-only">
          {done ? done.summary : streaming ? t('proposing') : ''}
        </div>
        <FormError>{error}</FormError>
        {streaming && proposal && <pre className="max-h-48 overflow-y-auto whitespace-pre-wrap rounded-md bg-slate-50 p-3 font-sans text-sm text-slate-800">{proposal}</pre>}
        {done && !done.applied && (
          <div role="status" className="rounded-md border border-amber-600 bg-amber-50 p-3 text-sm text-amber-950">
            <p>{done.summary}</p>
            {done.supported.length > 0 && (
              <>
                <p className="mt-2 font-medium">{t('editCannot')}</p>
                <ul className="ml-5 list-disc">
                  {done.supported.map((s) => (
                    <li key={s}>{s}</li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        {done?.applied && (
          <section aria-labelledby="proposal-heading" className="grid gap-2">
            <h3 id="proposal-heading" className="font-semibold text-slate-900">
              {t('proposalTitle')}
            </h3>
            <p className="text-xs text-slate-700">
              {done.summary} · {t('editEngine', { engine: engineNameOf(t, done.engine, null, done.engine_label) ?? '' })}
            </p>
            {changes.length === 0 && <p className="text-sm text-slate-700">{t('editNothing')}</p>}
            <ol className="grid max-h-72 gap-2 overflow-y-auto">
              {changes.map(({ change }, i) => {
                const isAccepted = accepted.has(change.id);
                return (
                  <li key={change.id} className="rounded-md border border-slate-200 p-3 text-sm">
                    {change.removed && (
                      <p className="whitespace-pre-wrap">
                        <span className="sr-only">{t('editRemoved')}: </span>
                        <del className="bg-red-50 text-red-800">{change.removed.trimEnd()}</del>
                      </p>
                    )}
                    {change.added && (
                      <p className="mt-1 whitespace-pre-wrap">
                        <span className="sr-only">{t('editAdded')}: </span>
                        <ins className="bg-green-50 text-green-900 underline">{change.added.trimEnd()}</ins>
                      </p>
                    )}
                    <div className="mt-2 flex items-center gap-2" role="group" aria-label={`${i + 1}`}>
                      <Button size="sm" variant={isAccepted ? 'default' : 'outline'} aria-pressed={isAccepted} onClick={() => toggle(change.id, true)}>
                        {t('acceptChange')}
                      </Button>
                      <Button size="sm" variant={!isAccepted ? 'default' : 'outline'} aria-pressed={!isAccepted} onClick={() => toggle(change.id, false)}>
                        {t('rejectChange')}
                      </Button>
                      <span className="text-xs text-slate-700">{isAccepted ? t('changeAccepted') : t('changeRejected')}</span>
                    </div>
                  </li>
                );
              })}
            </ol>
            <div>
              <Button disabled={applying || accepted.size === 0} onClick={() => void apply()}>
                {applying ? t('applying') : t('applyAccepted')}
              </Button>
            </div>
          </section>
        )}
      </DialogContent>
    </Dialog>
  );
}
