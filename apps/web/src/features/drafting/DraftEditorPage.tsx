import { useCallback, useState } from 'react';
import { placeholdersIn, type DraftContent, type DraftedDocument } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, FileDown, History, Pencil, Sparkles } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { api, userMessageOf } from '../../api/client';
import { downloadExport, draftKeys, updateDraft, useDraft } from '../../api/drafting';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { AiEditDialog } from './AiEditDialog';
import { DraftSidePanel } from './DraftSidePanel';
import { RenameDraftDialog } from './RenameDraftDialog';
import { DraftEditorSurface, EditorToolbar, selectText, useDraftEditor } from './RichTextEditor';
import { useAutosave, type SaveState } from './useAutosave';
import { VersionsDialog } from './VersionsDialog';

/** /draft/{kind}/{id}: the draft in a rich-text editor, saved as you type, with its sources, versions, AI edits and exports. */
export function DraftEditorPage() {
  const { id } = useParams();
  const draft = useDraft(id);
  return (
    <div className="h-full">
      <QueryState query={draft}>{(data) => <DraftEditor key={data.id} initial={data} />}</QueryState>
    </div>
  );
}

function SaveStatus({ state, onReload }: { state: SaveState; onReload: () => void }) {
  const { t } = useI18n();
  const text =
    state.kind === 'saved'
      ? t('savedVersion', { version: state.version })
      : state.kind === 'saving'
        ? t('savingDraft')
        : state.kind === 'dirty'
          ? t('unsavedChanges')
          : state.kind === 'failed'
            ? t('saveFailed', { message: state.message })
            : t('draftConflict');
  return (
    <span role="status" className={state.kind === 'failed' || state.kind === 'conflict' ? 'text-sm text-red-800' : 'text-sm text-slate-700'}>
      {text}
      {state.kind === 'conflict' && (
        <Button variant="link" size="sm" onClick={onReload}>
          {t('reloadDraft')}
        </Button>
      )}
    </span>
  );
}

function DraftEditor({ initial }: { initial: DraftedDocument }) {
  const { t } = useI18n();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(initial);
  const [placeholders, setPlaceholders] = useState(initial.placeholders);
  const [dialog, setDialog] = useState<'versions' | 'ai' | 'rename' | null>(null);
  const [aiBase, setAiBase] = useState<{ text: string; version: number } | null>(null);
  const [exporting, setExporting] = useState<'docx' | 'pdf' | null>(null);
  /** A save that changed the short title renamed the draft (decision 031): the header and the Draft Collection follow. */
  const onSaved = useCallback(
    (saved: DraftedDocument) => {
      if (saved.title === draft.title) return;
      setDraft((d) => ({ ...d, title: saved.title }));
      void queryClient.invalidateQueries({ queryKey: draftKeys.all });
    },
    [draft.title, queryClient],
  );
  const autosave = useAutosave(draft, onSaved);
  const onChange = useCallback(
    (content: DraftContent) => {
      autosave.onChange(content);
      setPlaceholders(placeholdersIn(editorTextOf(content)));
    },
    [autosave],
  );
  const editor = useDraftEditor(initial.content, onChange, t('editorLabel'));

  /** The server changed the draft (AI edit, restore, reload): show its body and continue from its version. */
  const adopt = (saved: DraftedDocument) => {
    setDraft(saved);
    autosave.adopt(saved);
    editor?.commands.setContent(saved.content, { emitUpdate: false });
    setPlaceholders(saved.placeholders);
    void queryClient.invalidateQueries({ queryKey: draftKeys.all });
  };

  const openAiEdit = async () => {
    await autosave.saveNow();
    try {
      const latest = await api.get<DraftedDocument>(`/drafted_document/${encodeURIComponent(draft.id)}`);
      setAiBase({ text: latest.text, version: latest.version });
      setDialog('ai');
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    }
  };

  const exportAs = async (format: 'docx' | 'pdf') => {
    setExporting(format);
    try {
      await autosave.saveNow();
      await downloadExport(draft.id, format, draft.title);
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setExporting(null);
    }
  };

  const reload = async () => {
    const latest = await api.get<DraftedDocument>(`/drafted_document/${encodeURIComponent(draft.id)}`);
    adopt(latest);
  };

  return (
    <div className="flex h-full min-h-0 flex-col">
      <header className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-slate-200 bg-white px-4 py-2">
        <Link to="/drafting-history" className="inline-flex items-center gap-1 text-sm text-blue-800 underline-offset-2 hover:underline">
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('backToCollection')}
        </Link>
        {/* On a phone the title takes a line of its own (the kind and rename below it), not what the back link leaves. */}
        <div className="flex min-w-0 flex-1 basis-full flex-wrap items-center gap-2 sm:basis-0 sm:flex-nowrap">
          <h1 className="min-w-0 basis-full truncate text-lg font-semibold text-slate-900 sm:basis-auto">{draft.title}</h1>
          <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs text-slate-800">{t(`draftKind_${draft.type}`)}</span>
          <Button variant="ghost" size="iconSm" aria-label={t('renameDraft')} onClick={() => setDialog('rename')}>
            <Pencil aria-hidden="true" />
          </Button>
        </div>
        <SaveStatus state={autosave.state} onReload={() => void reload()} />
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void autosave.saveNow()}>
            {t('saveNow')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => setDialog('versions')}>
            <History aria-hidden="true" />
            {t('versions')}
          </Button>
          <Button variant="outline" size="sm" onClick={() => void openAiEdit()}>
            <Sparkles aria-hidden="true" />
            {t('aiEdit')}
          </Button>
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('docx')}>
            <FileDown aria-hidden="true" />
            {exporting === 'docx' ? t('exporting') : t('exportDocx')}
          </Button>
          <Button variant="outline" size="sm" disabled={exporting !== null} onClick={() => void exportAs('pdf')}>
            <FileDown aria-hidden="true" />
            {exporting === 'pdf' ? t('exporting') : t('exportPdf')}
          </Button>
        </div>
      </header>
      <div className="grid min-h-0 flex-1 grid-cols-1 lg:grid-cols-[1fr_22rem]">
        <div className="flex min-h-0 flex-col overflow-hidden">
          {editor && <EditorToolbar editor={editor} />}
          <div className="min-h-0 flex-1 overflow-y-auto bg-slate-100 p-4">
            <div className="mx-auto max-w-3xl rounded-md border border-slate-200 bg-white shadow-sm">{editor && <DraftEditorSurface editor={editor} />}</div>
          </div>
        </div>
        <DraftSidePanel draft={draft} placeholders={placeholders} onFind={(p) => editor && selectText(editor, p)} />
      </div>
      <VersionsDialog draft={draft} open={dialog === 'versions'} onOpenChange={(open) => setDialog(open ? 'versions' : null)} onRestored={adopt} />
      {aiBase && (
        <AiEditDialog draft={draft} currentText={aiBase.text} baseVersion={aiBase.version} open={dialog === 'ai'} onOpenChange={(open) => setDialog(open ? 'ai' : null)} onApplied={adopt} />
      )}
      <RenameDraftDialog
        draft={dialog === 'rename' ? draft : null}
        onClose={() => setDialog(null)}
        onRename={async (title) => {
          const saved = await updateDraft({ id: draft.id, title });
          setDraft((d) => ({ ...d, title: saved.title }));
          notify.success('draftRenamed');
          void queryClient.invalidateQueries({ queryKey: draftKeys.all });
        }}
      />
    </div>
  );
}

/** The text of an editor body, enough to find its [placeholders]. */
function editorTextOf(content: DraftContent): string {
  const parts: string[] = [];
  const walk = (nodes: unknown[] | undefined) => {
    for (const node of nodes ?? []) {
      const n = node as { type: string; text?: string; content?: unknown[] };
      if (n.type === 'text' && n.text) parts.push(n.text);
      walk(n.content);
      if (n.type === 'paragraph' || n.type === 'heading') parts.push('\n');
    }
  };
  walk(content.content);
  return parts.join('');
}
