import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftContent, DraftedDocument } from '@civicdesk/contract';
import { ApiError, userMessageOf } from '../../api/client';
import { saveDraft } from '../../api/drafting';
import { useI18n } from '../../lib/i18n';

export type SaveState = { kind: 'saved'; version: number } | { kind: 'dirty' } | { kind: 'saving' } | { kind: 'failed'; message: string } | { kind: 'conflict' };

const AUTOSAVE_DELAY_MS = 1500;

/**
 * Autosave of the editor (decision 023): a change is saved 1.5 s after typing stops, through the
 * kind's own PUT route, with the version the editor last saw; the server answers 409 when someone
 * else saved since, and the editor keeps what was typed. A save on leaving the page is attempted too.
 */
export function useAutosave(draft: DraftedDocument | undefined, onSaved?: (saved: DraftedDocument) => void) {
  const { t } = useI18n();
  const [state, setState] = useState<SaveState>({ kind: 'saved', version: draft?.version ?? 1 });
  const version = useRef(draft?.version ?? 1);
  const pending = useRef<DraftContent | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<void> | null>(null);

  useEffect(() => {
    if (!draft) return;
    version.current = draft.version;
    setState({ kind: 'saved', version: draft.version });
  }, [draft?.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const flush = useCallback(async (reason: 'autosave' | 'save' = 'autosave') => {
    if (!draft || !pending.current) return;
    if (saving.current) await saving.current;
    const content = pending.current;
    pending.current = null;
    setState({ kind: 'saving' });
    saving.current = (async () => {
      try {
        const saved = await saveDraft(draft.type, { id: draft.id, content, base_version: version.current, reason });
        version.current = saved.version;
        onSaved?.(saved);
        setState(pending.current ? { kind: 'dirty' } : { kind: 'saved', version: saved.version });
      } catch (err) {
        pending.current ??= content;
        if (err instanceof ApiError && err.status === 409) setState({ kind: 'conflict' });
        else setState({ kind: 'failed', message: userMessageOf(err, t) });
      } finally {
        saving.current = null;
      }
    })();
    await saving.current;
  }, [draft, t, onSaved]);

  const onChange = useCallback(
    (content: DraftContent) => {
      pending.current = content;
      setState((s) => (s.kind === 'conflict' ? s : { kind: 'dirty' }));
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush('autosave'), AUTOSAVE_DELAY_MS);
    },
    [flush],
  );

  /** After the server changed the draft itself (an AI edit, a restore): continue from its version. */
  const adopt = useCallback((saved: DraftedDocument) => {
    pending.current = null;
    if (timer.current) clearTimeout(timer.current);
    version.current = saved.version;
    setState({ kind: 'saved', version: saved.version });
  }, []);

  useEffect(() => {
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (pending.current) event.preventDefault();
    };
    window.addEventListener('beforeunload', beforeUnload);
    return () => {
      window.removeEventListener('beforeunload', beforeUnload);
      if (timer.current) clearTimeout(timer.current);
      void flush('autosave');
    };
  }, [flush]);

  return { state, onChange, saveNow: () => flush('save'), adopt, version };
}
