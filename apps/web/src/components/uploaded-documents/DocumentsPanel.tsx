import { useState } from 'react';
import { Link } from 'react-router';
import { FileText, Trash2 } from 'lucide-react';
import { EXTERNAL_DOCUMENT_PAGE_SIZE, type ExternalDocument } from '@civicdesk/contract';
import { useDeleteDocument, useExternalDocuments } from '../../api/documents';
import { Panel } from '../page';
import { AlertDialog } from '../ui/alert-dialog';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { Table, Td, Th } from '../ui/table';
import { toast } from '../ui/use-toast';
import { useI18n } from '../../lib/i18n';
import { useSession } from '../../lib/session-context';
import { DocumentTypeBadge, StatusBadge } from '../record-badges';
import { formatBytes, formatDay, formatNumber } from '../../lib/format';
import { Pagination } from '../pagination';
import { uploadErrorMessage } from './upload-rules';
import { UploadDocumentsButton } from './UploadDocumentsDialog';
import { viewerHref } from './viewer-link';
import { Loading, QueryError } from '../query-state';

/** The city's uploaded documents, newest update first, ten to a page, each viewable and deletable. */
export function DocumentsPanel() {
  const { t, language } = useI18n();
  const { locationCode } = useSession();
  const [page, setPage] = useState(1);
  const documents = useExternalDocuments(page, locationCode);
  const remove = useDeleteDocument();
  const [pendingDelete, setPendingDelete] = useState<ExternalDocument | null>(null);
  const data = documents.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.total / EXTERNAL_DOCUMENT_PAGE_SIZE)) : 1;

  const confirmDelete = () => {
    if (!pendingDelete) return;
    remove.mutate(pendingDelete.id, {
      onSuccess: () => {
        toast({ variant: 'success', title: t('documentDeleted'), description: pendingDelete.title });
        setPendingDelete(null);
        // Deleting the last document of the last page steps back a page.
        if (data && data.documents.length === 1 && page > 1) setPage(page - 1);
      },
      onError: (error) => {
        toast({ variant: 'destructive', title: t('errorTitle'), description: uploadErrorMessage(error, t) });
        setPendingDelete(null);
      },
    });
  };

  return (
    <Panel aria-labelledby="documents-heading">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="documents-heading" className="text-lg font-semibold text-slate-900">
          {t('uploadedDocuments')}
        </h2>
        {data && data.total > 0 && <p className="text-sm text-slate-700">{t(data.total === 1 ? 'documentCountOne' : 'documentCount', { count: formatNumber(data.total, language) })}</p>}
      </div>
      <div className="mt-3">
        {documents.isPending ? (
          <Loading className="grid gap-2">
            {[0, 1, 2].map((row) => (
              <Skeleton key={row} className="h-10 w-full" />
            ))}
          </Loading>
        ) : documents.isError ? (
          <QueryError error={documents.error} title={t('documentsFailed')} onRetry={() => void documents.refetch()} />
        ) : documents.data.documents.length === 0 ? (
          <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 px-6 py-8 text-center">
            <FileText className="size-8 text-slate-500" aria-hidden="true" />
            <p className="font-medium text-slate-900">{t('noDocuments')}</p>
            <p className="max-w-md text-sm text-slate-700">{t('noDocumentsHint')}</p>
            <UploadDocumentsButton variant="outline" />
          </div>
        ) : (
          <Table caption={t('uploadedDocuments')} className={documents.isPlaceholderData ? 'opacity-60' : undefined}>
            <thead>
              <tr>
                <Th>{t('colDocument')}</Th>
                <Th>{t('colType')}</Th>
                <Th className="text-right">{t('colPages')}</Th>
                <Th className="text-right">{t('colSize')}</Th>
                <Th>{t('colUpdated')}</Th>
                <Th>
                  <span className="sr-only">{t('colActions')}</span>
                </Th>
              </tr>
            </thead>
            <tbody>
              {documents.data.documents.map((document) => (
                <tr key={document.id}>
                  <Td className="max-w-72">
                    <Link to={viewerHref(document)} className="font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600">
                      {document.title}
                    </Link>
                    <span className="block truncate text-xs text-slate-700">{document.filename}</span>
                    {!document.has_text && <StatusBadge status={t('noTextLayer')} className="mt-1" />}
                    {document.flag === 'text truncated' && <StatusBadge status={t('partlySearchable')} className="mt-1" />}
                  </Td>
                  <Td>
                    <DocumentTypeBadge type={document.display_type} />
                  </Td>
                  <Td className="text-right tabular-nums">{document.page_count ?? '—'}</Td>
                  <Td className="whitespace-nowrap text-right tabular-nums">{formatBytes(document.size_bytes, language)}</Td>
                  <Td className="whitespace-nowrap">
                    <time dateTime={document.updated_at}>{formatDay(document.updated_at, language)}</time>
                  </Td>
                  <Td className="text-right">
                    <Button variant="ghost" size="iconSm" aria-label={t('deleteDocumentNamed', { name: document.title })} onClick={() => setPendingDelete(document)}>
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </Td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </div>
      {data && <Pagination page={page} lastPage={lastPage} onPage={setPage} label={t('documentPages')} />}
      <AlertDialog
        open={pendingDelete !== null}
        onOpenChange={(open) => !open && setPendingDelete(null)}
        title={t('deleteDocumentTitle')}
        description={t('deleteDocumentDescription', { name: pendingDelete?.title ?? '' })}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        busy={remove.isPending}
        onConfirm={confirmDelete}
      />
    </Panel>
  );
}
