import { useEffect, useState } from 'react';
import { Panel } from '../../components/page';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import type { DocumentKind } from './document-kind';

/**
 * A Word file's words, read with mammoth — the library the server indexes uploads with, so the
 * text shown is the text search matched. Loaded only when a DOCX is opened.
 */
async function extractDocxText(blob: Blob): Promise<string> {
  const mammoth = await import('mammoth');
  const result = await mammoth.extractRawText({ arrayBuffer: await blob.arrayBuffer() });
  return result.value;
}

/** The words of a TXT or DOCX document, set as readable prose (never as markup). */
export function DocumentTextView({ blob, kind }: { blob: Blob; kind: Extract<DocumentKind, 'txt' | 'docx'> }) {
  const { t } = useI18n();
  const [text, setText] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    setText(null);
    setFailed(false);
    const read = kind === 'txt' ? blob.text() : extractDocxText(blob);
    void read.then(
      (value) => !cancelled && setText(value),
      () => !cancelled && setFailed(true),
    );
    return () => {
      cancelled = true;
    };
  }, [blob, kind]);

  if (failed) {
    return (
      <p role="alert" className="rounded-md border border-red-700 bg-red-50 px-4 py-3 text-sm text-red-800">
        {t('documentUnreadable')}
      </p>
    );
  }
  if (text === null) return <Skeleton className="h-64 w-full" />;
  return (
    <Panel className="px-6 py-6 sm:px-10">
      <h2 className="sr-only">{t('documentText')}</h2>
      {text.trim() ? (
        <div className="mx-auto max-w-3xl whitespace-pre-wrap break-words font-serif text-[0.95rem] leading-7 text-slate-900">{text}</div>
      ) : (
        <p className="text-sm text-slate-700">{t('documentEmpty')}</p>
      )}
    </Panel>
  );
}
