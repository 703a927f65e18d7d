import { useEffect, useState } from 'react';
import type { DraftedDocument } from '@civicdesk/contract';
import { userMessageOf } from '../../api/client';
import { fetchVersion, restoreVersion, useDraftVersions } from '../../api/drafting';
import { formatDate, QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { toast } from '../../components/ui/use-toast';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/label';
import { useI18n } from '../../lib/i18n';
import { useNotify } from '../../lib/notify';
import { wordDiff, type WordPart } from '../../lib/text-changes';
import { DiffText } from '../../components/diff-text';

/** Every version of a draft: compare any two word by word, restore one (as a new version). */
export function VersionsDialog({ draft, open, onOpenChange, onRestored }: { draft: DraftedDocument; open: boolean; onOpenChange: (open: boolean) => void; onRestored: (saved: DraftedDocument) => void }) {
  const { t, language } = useI18n();
  const notify = useNotify();
  const versions = useDraftVersions(draft.id, open);
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [diff, setDiff] = useState<WordPart[] | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!open || !versions.data?.length) return;
    setTo(versions.data[0].version);
    setFrom(versions.data[Math.min(1, versions.data.length - 1)].version);
    setDiff(null);
  }, [open, versions.data]);

  const compare = async () => {
    if (from === null || to === null) return;
    setBusy(true);
    try {
      const [a, b] = await Promise.all([fetchVersion(draft.id, from), fetchVersion(draft.id, to)]);
      setDiff(wordDiff(a.text, b.text));
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };

  const restore = async (version: number) => {
    setBusy(true);
    try {
      const saved = await restoreVersion(draft.id, version);
      toast({ variant: 'success', title: t('restored', { version, next: saved.version }) });
      onRestored(saved);
      await versions.refetch();
    } catch (err) {
      notify.error({ text: userMessageOf(err, t) });
    } finally {
      setBusy(false);
    }
  };

  const select = (id: string, value: number | null, onChange: (v: number) => void) => (
    <select id={id} className="h-9 rounded-md border border-slate-400 bg-white px-2 text-sm" value={value ?? ''} onChange={(e) => onChange(Number(e.target.value))}>
      {(versions.data ?? []).map((v) => (
        <option key={v.version} value={v.version}>
          {t('versionLabel', { version: v.version })}
        </option>
      ))}
    </select>
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl">
        <DialogHeader>
          <DialogTitle>{t('versionsTitle')}</DialogTitle>
          <DialogDescription>{t('versionsDescription')}</DialogDescription>
        </DialogHeader>
        <QueryState query={versions}>
          {(list) => (
            <div className="grid gap-4">
              <ol className="grid max-h-56 gap-1 overflow-y-auto text-sm">
                {list.map((v) => (
                  <li key={v.version} className="flex items-center justify-between gap-2 rounded-md border border-slate-200 px-3 py-1.5">
                    <span>
                      <strong>{t('versionLabel', { version: v.version })}</strong> · {t(`versionReason_${v.reason}`)} · {formatDate(v.created_at, language)}
                    </span>
                    {v.version !== list[0].version && (
                      <Button size="sm" variant="outline" disabled={busy} aria-label={t('restoreVersion', { version: v.version })} onClick={() => void restore(v.version)}>
                        {t('restore')}
                      </Button>
                    )}
                  </li>
                ))}
              </ol>
              <div className="flex flex-wrap items-end gap-2">
                <div className="grid gap-1">
                  <Label htmlFor="compare-from">{t('compareFrom')}</Label>
                  {select('compare-from', from, setFrom)}
                </div>
                <div className="grid gap-1">
                  <Label htmlFor="compare-to">{t('compareTo')}</Label>
                  {select('compare-to', to, setTo)}
                </div>
                <Button variant="secondary" disabled={busy || from === null || to === null} onClick={() => void compare()}>
                  {t('compare')}
                </Button>
              </div>
              {diff && (
                <section aria-label={t('compare')} className="max-h-80 overflow-y-auto rounded-md border border-slate-200 p-3">
                  <p className="mb-2 text-xs text-slate-700">{t('diffLegend')}</p>
                  {diff.every((p) => p.kind === 'same') ? <p className="text-sm text-slate-700">{t('noDifferences')}</p> : <DiffText parts={diff} />}
                </section>
              )}
            </div>
          )}
        </QueryState>
      </DialogContent>
    </Dialog>
  );
}
