import type { DraftContent } from '@civicdesk/contract';
import { EditorContent, Extension, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Bold, Heading2, Italic, List, ListOrdered, Redo2, Strikethrough, Underline, Undo2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button';
import { useI18n } from '../../lib/i18n';
import { cn } from '../../lib/cn';

/**
 * The draft's rich-text editor (TipTap 3): the marks a draft uses (bold, italic, underline for
 * inserted words, strikethrough for removed ones), headings, lists, and centred lines. Its JSON is
 * the server's document format (contract `draftContentSchema`), so nothing is converted on save.
 */
const TextAlign = Extension.create({
  name: 'textAlign',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          textAlign: {
            default: null,
            parseHTML: (element) => element.style.textAlign || null,
            renderHTML: (attrs) => (attrs.textAlign ? { style: `text-align: ${attrs.textAlign}` } : {}),
          },
        },
      },
    ];
  },
});

export const EDITOR_EXTENSIONS = [StarterKit.configure({ code: false, codeBlock: false, link: false, heading: { levels: [1, 2, 3] } }), TextAlign];

export function useDraftEditor(content: DraftContent | undefined, onChange: (content: DraftContent) => void, label: string) {
  return useEditor(
    {
      extensions: EDITOR_EXTENSIONS,
      content: content ?? { type: 'doc', content: [] },
      editorProps: {
        attributes: {
          'aria-label': label,
          'aria-multiline': 'true',
          role: 'textbox',
          class: 'draft-prose min-h-[60vh] px-8 py-6 focus:outline-none',
        },
      },
      onUpdate: ({ editor }) => onChange(editor.getJSON() as DraftContent),
      immediatelyRender: true,
    },
    [],
  );
}

function ToolButton({ label, active, onClick, disabled, children }: { label: string; active?: boolean; onClick: () => void; disabled?: boolean; children: ReactNode }) {
  return (
    <Button variant="ghost" size="iconSm" aria-label={label} title={label} aria-pressed={active} disabled={disabled} onClick={onClick} className={cn(active && 'bg-slate-200')}>
      {children}
    </Button>
  );
}

export function EditorToolbar({ editor }: { editor: Editor }) {
  const { t } = useI18n();
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      heading: e.isActive('heading', { level: 2 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div role="toolbar" aria-label={t('toolbarLabel')} className="flex flex-wrap items-center gap-0.5 border-b border-slate-200 bg-white px-2 py-1">
      <ToolButton label={t('formatBold')} active={state.bold} onClick={() => chain().toggleBold().run()}>
        <Bold aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('formatItalic')} active={state.italic} onClick={() => chain().toggleItalic().run()}>
        <Italic aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('formatUnderline')} active={state.underline} onClick={() => chain().toggleUnderline().run()}>
        <Underline aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('formatStrike')} active={state.strike} onClick={() => chain().toggleStrike().run()}>
        <Strikethrough aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton label={t('formatHeading')} active={state.heading} onClick={() => chain().toggleHeading({ level: 2 }).run()}>
        <Heading2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('formatBulletList')} active={state.bullet} onClick={() => chain().toggleBulletList().run()}>
        <List aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('formatOrderedList')} active={state.ordered} onClick={() => chain().toggleOrderedList().run()}>
        <ListOrdered aria-hidden="true" />
      </ToolButton>
      <span className="mx-1 h-5 w-px bg-slate-200" aria-hidden="true" />
      <ToolButton label={t('undo')} disabled={!state.canUndo} onClick={() => chain().undo().run()}>
        <Undo2 aria-hidden="true" />
      </ToolButton>
      <ToolButton label={t('redo')} disabled={!state.canRedo} onClick={() => chain().redo().run()}>
        <Redo2 aria-hidden="true" />
      </ToolButton>
    </div>
  );
}

export function DraftEditorSurface({ editor }: { editor: Editor }) {
  return <EditorContent editor={editor} />;
}

/** Selects the first occurrence of a text (a [placeholder]) in the editor and scrolls to it. */
export function selectText(editor: Editor, text: string): boolean {
  let found: { from: number; to: number } | null = null;
  editor.state.doc.descendants((node, pos) => {
    if (found || !node.isText || !node.text) return !found;
    const at = node.text.indexOf(text);
    if (at >= 0) found = { from: pos + at, to: pos + at + text.length };
    return !found;
  });
  if (!found) return false;
  editor.chain().focus().setTextSelection(found).scrollIntoView().run();
  return true;
}
