import { useState } from 'react';
import { DRAFT_KINDS, type DraftKind, type DraftSummary } from '@civicdesk/contract';
import { useQueryClient } from '@tanstack/react-query';
import { FilePlus2, MoreHorizontal } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { deleteDraft, DRAFT_PAGE_SIZE, draftKeys, updateDraft, useDraftHistory, type DraftFilters } from '../../api/drafting';
import { userMessageOf } from '../../api/client';
import { Page, Panel } from '../../components/page';
import { EmptyRow, formatDate, QueryState } from '../../components/query-state';
import { AlertDialog } from '../../components/ui/alert-dialog';
import { Button } from '../../components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { RenameDraftDialog } from './RenameDraftDialog';
import { draftPath, useDraftableKinds } from './kinds';

/** /drafting-history: the user's drafts, newest first, with filters, rename and delete (spec §2, §7). */
export function DraftCollectionPage() {
  const { t, language } = useI18n();
  const navigate = useNavigate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const kinds = useDraftableKinds();
  const [filters, setFilters] = useState<DraftFilters>({ page: 1 });
  const history = useDraftHistory(filters);
  const [renaming, setRenaming] = useState<DraftSummary | null>(null);
  const [deleting, setDeleting] = useState<DraftSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const filtered = Boolean(filters.type || filters.query || filters.start_date || filters.end_date);
  const setFilter = (patch: Partial<DraftFilters>) => setFilters((f) => ({ ...f, ...patch, page: 1 }));

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    try {
      await deleteDraft(deleting.id);
      notify.success('draftDeleted');
      setDeleting(null);
      await queryClient.invalidateQueries({ queryKey: draftKeys.all });
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      title={t('navDraftCollection')}
      description={t('draftCollectionDescription')}
      actions={
        <DropdownMenu>
          <DropdownMenuTrigger asChild>
            <Button>
              <FilePlus2 aria-hidden="true" />
              {t('newDraft')}
            </Button>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end">
            {kinds.map((kind) => (
              <DropdownMenuItem key={kind} onSelect={() => navigate(draftPath(kind))}>
                {t(`draftKind_${kind}`)}
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      }
    >
      <Panel className="mb-4">
        <form className="grid gap-3 sm:grid-cols-[10rem_1fr_10rem_10rem_auto] sm:items-end" onSubmit={(e) => e.preventDefault()} aria-label={t('draftFilters')}>
          <div className="grid gap-1">
            <Label htmlFor="draft-type">{t('filterType')}</Label>
            <select
              id="draft-type"
              className="h-10 rounded-md border border-slate-400 bg-white px-2 text-sm"
              value={filters.type ?? ''}
              onChange={(e) => setFilter({ type: (e.target.value || undefined) as DraftKind | undefined })}
            >
              <option value="">{t('allTypes')}</option>
              {DRAFT_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(`draftKind_${kind}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="grid gap-1">
            <Label htmlFor="draft-words">{t('filterWords')}</Label>
            <Input id="draft-words" type="search" placeholder={t('filterWordsPlaceholder')} value={filters.query ?? ''} onChange={(e) => setFilter({ query: e.target.value || undefined })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="draft-from">{t('filterFrom')}</Label>
            <Input id="draft-from" type="date" value={filters.start_date ?? ''} onChange={(e) => setFilter({ start_date: e.target.value || undefined })} />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="draft-to">{t('filterTo')}</Label>
            <Input id="draft-to" type="date" value={filters.end_date ?? ''} onChange={(e) => setFilter({ end_date: e.target.value || undefined })} />
          </div>
          <Button variant="outline" disabled={!filtered} onClick={() => setFilters({ page: 1 })}>
            {t('draftClearFilters')}
          </Button>
        </form>
      </Panel>

      <QueryState query={history}>
        {(data) => {
          const pages = Math.max(1, Math.ceil(data.total / DRAFT_PAGE_SIZE));
          return (
            <>
              <Table caption={t('navDraftCollection')}>
                <thead>
                  <tr>
                    <Th>{t('colTitle')}</Th>
                    <Th>{t('draftColType')}</Th>
                    <Th>{t('draftColUpdated')}</Th>
                    <Th>{t('colToFill')}</Th>
                    <Th>
                      <span className="sr-only">{t('draftColActions')}</span>
                    </Th>
                  </tr>
                </thead>
                <tbody>
                  {data.documents.length === 0 && (
                    <EmptyRow colSpan={5}>
                      {filtered ? (
                        t('noDraftsMatch')
                      ) : (
                        <>
                          <strong className="block text-slate-900">{t('noDraftsYet')}</strong>
                          {t('noDraftsHint')}
                        </>
                      )}
                    </EmptyRow>
                  )}
                  {data.documents.map((d) => (
                    <tr key={d.id}>
                      <Td>
                        <Link to={draftPath(d.type, d.id)} className="font-medium text-blue-800 underline-offset-2 hover:underline">
                          {d.title}
                        </Link>
                        <p className="mt-1 line-clamp-2 max-w-xl text-xs text-slate-700">{d.excerpt}</p>
                      </Td>
                      <Td className="whitespace-nowrap">{t(`draftKind_${d.type}`)}</Td>
                      <Td className="whitespace-nowrap">{formatDate(d.updated_at, language)}</Td>
                      <Td className="whitespace-nowrap">{d.placeholders_left ? t('placeholdersLeft', { count: d.placeholders_left }) : t('noPlaceholdersLeft')}</Td>
                      <Td className="text-right">
                        <DropdownMenu>
                          <DropdownMenuTrigger asChild>
                            <Button variant="ghost" size="iconSm" aria-label={t('actionsFor', { title: d.title })}>
                              <MoreHorizontal aria-hidden="true" />
                            </Button>
                          </DropdownMenuTrigger>
                          <DropdownMenuContent align="end">
                            <DropdownMenuItem onSelect={() => navigate(draftPath(d.type, d.id))}>{t('edit')}</DropdownMenuItem>
                            <DropdownMenuItem onSelect={() => setRenaming(d)}>{t('rename')}</DropdownMenuItem>
                            <DropdownMenuItem className="text-red-800" onSelect={() => setDeleting(d)}>
                              {t('delete')}
                            </DropdownMenuItem>
                          </DropdownMenuContent>
                        </DropdownMenu>
                      </Td>
                    </tr>
                  ))}
                </tbody>
              </Table>
              <nav aria-label={t('pageOf', { page: filters.page, pages })} className="mt-3 flex items-center justify-between text-sm text-slate-700">
                <span>{t('draftsTotal', { count: data.total })}</span>
                <span className="flex items-center gap-2">
                  <Button variant="outline" size="sm" disabled={filters.page <= 1} onClick={() => setFilters((f) => ({ ...f, page: f.page - 1 }))}>
                    {t('draftPreviousPage')}
                  </Button>
                  {t('pageOf', { page: filters.page, pages })}
                  <Button variant="outline" size="sm" disabled={filters.page >= pages} onClick={() => setFilters((f) => ({ ...f, page: f.page + 1 }))}>
                    {t('draftNextPage')}
                  </Button>
                </span>
              </nav>
            </>
          );
        }}
      </QueryState>

      <RenameDraftDialog
        draft={renaming}
        onClose={() => setRenaming(null)}
        onRename={async (title) => {
          await updateDraft({ id: renaming!.id, title });
          notify.success('draftRenamed');
          await queryClient.invalidateQueries({ queryKey: draftKeys.all });
        }}
      />
      <AlertDialog
        open={Boolean(deleting)}
        onOpenChange={(open) => !open && setDeleting(null)}
        title={t('deleteDraft')}
        description={t('deleteDraftConfirm', { title: deleting?.title ?? '' })}
        confirmLabel={t('delete')}
        busyLabel={t('deleting')}
        busy={busy}
        onConfirm={() => void remove()}
      />
    </Page>
  );
}
