import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ArrowLeft, Download, FileQuestion, FileX } from 'lucide-react';
import { useDocumentById, useDocumentFile } from '../../api/documents';
import { ApiError } from '../../api/client';
import { Page, Panel, StatePanel } from '../../components/page';
import { buttonVariants } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { documentKindOf } from './document-kind';
import { DocumentTextView } from './DocumentTextView';
import { Loading, QueryError } from '../../components/query-state';

const KIND_LABELS = { pdf: 'kindPdf', docx: 'kindDocx', txt: 'kindTxt' } as const;

// pdf.js is large: it loads only when a PDF is opened.
const PdfDocumentView = lazy(() => import('./PdfDocumentView'));

/** /pdf-viewer?filename=<stored name>&name=<title>: an uploaded document shown in the page. */
export function PdfViewerPage() {
  const { t } = useI18n();
  const [params] = useSearchParams();
  const { locationCode } = useSession();
  // Links from the documents list carry the stored file name; links from search carry the document id.
  const documentId = params.get('document') ?? undefined;
  const lookup = useDocumentById(params.get('filename') ? undefined : documentId, locationCode);
  const filename = params.get('filename') ?? lookup.data?.file_name;
  const name = params.get('name') || lookup.data?.title || filename || t('toolPdfViewer');
  const file = useDocumentFile(filename);
  const kind = file.data ? documentKindOf(file.data.contentType, filename, params.get('name')) : null;
  const downloadUrl = useObjectUrl(file.data?.blob);
  const bytes = useArrayBuffer(kind === 'pdf' ? file.data?.blob : undefined);

  const back = (
    <Link to="/?tab=home" className={buttonVariants({ variant: 'outline' })}>
      <ArrowLeft aria-hidden="true" />
      {t('backToSmartSearch')}
    </Link>
  );

  if (lookup.isPending && lookup.fetchStatus !== 'idle') {
    return (
      <Page title={name} actions={back}>
        <Loading>
          <Skeleton className="mx-auto aspect-[8.5/11] w-full max-w-3xl" />
        </Loading>
      </Page>
    );
  }
  const missing = (error: unknown) => error instanceof ApiError && error.status === 404;
  if (!filename && lookup.isError && !missing(lookup.error)) {
    return (
      <Page title={name} actions={back}>
        <QueryError error={lookup.error} title={t('documentFailed')} onRetry={() => void lookup.refetch()} />
      </Page>
    );
  }
  if (!filename && !documentId) {
    return (
      <Page title={t('toolPdfViewer')} actions={back}>
        <StatePanel icon={FileQuestion} title={t('noDocumentChosen')}>
          <p>{t('noDocumentChosenHint')}</p>
        </StatePanel>
      </Page>
    );
  }
  if (!filename || (file.isError && missing(file.error))) {
    return (
      <Page title={name} actions={back}>
        <StatePanel icon={FileX} title={t('documentNotFound')} tone="warning">
          <p>{t('documentNotFoundHint')}</p>
        </StatePanel>
      </Page>
    );
  }

  return (
    <Page
      title={name}
      description={kind && kind !== 'other' ? t(KIND_LABELS[kind]) : undefined}
      className="max-w-6xl"
      actions={
        <div className="flex flex-wrap gap-2">
          {back}
          {downloadUrl && (
            <a href={downloadUrl} download={params.get('name') || filename} className={buttonVariants({ variant: 'default' })}>
              <Download aria-hidden="true" />
              {t('download')}
            </a>
          )}
        </div>
      }
    >
      {file.isPending ? (
        <Loading>
          <Skeleton className="mx-auto aspect-[8.5/11] w-full max-w-3xl" />
        </Loading>
      ) : file.isError ? (
        <QueryError error={file.error} title={t('documentFailed')} onRetry={() => void file.refetch()} />
      ) : kind === 'pdf' ? (
        bytes ? (
          <Suspense fallback={<Skeleton className="mx-auto aspect-[8.5/11] w-full max-w-3xl" />}>
            <PdfDocumentView data={bytes} title={name} />
          </Suspense>
        ) : (
          <Skeleton className="mx-auto aspect-[8.5/11] w-full max-w-3xl" />
        )
      ) : kind === 'txt' || kind === 'docx' ? (
        <DocumentTextView blob={file.data.blob} kind={kind} />
      ) : (
        <Panel>
          <p className="text-sm text-slate-800">{t('cannotPreview')}</p>
        </Panel>
      )}
    </Page>
  );
}

/** An object URL for a downloaded file, revoked when the page leaves or the file changes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const url = useMemo(() => (blob ? URL.createObjectURL(blob) : null), [blob]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return url;
}

function useArrayBuffer(blob: Blob | undefined): ArrayBuffer | null {
  const [buffer, setBuffer] = useState<ArrayBuffer | null>(null);
  useEffect(() => {
    let cancelled = false;
    setBuffer(null);
    if (blob) void blob.arrayBuffer().then((value) => !cancelled && setBuffer(value));
    return () => {
      cancelled = true;
    };
  }, [blob]);
  return buffer;
}
