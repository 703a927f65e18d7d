import { useState } from 'react';
import type { DraftAmendment, DraftedDocument } from '@civicdesk/contract';
import { ShieldCheck } from 'lucide-react';
import { Tabs } from '../../components/ui/tabs';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { NewTabLink } from '../../components/new-tab-link';
import { BUILT_IN_TEMPLATE } from './kinds';
import { engineNameOf } from '../../lib/i18n/product-sentence';

type PanelTab = 'fill' | 'sources' | 'amendments' | 'about';

/**
 * The comparative print of an amendment (issue 32): the section's current text, the struck words
 * struck through and the inserted ones underlined, line by line. It is the drafter's aid beside the
 * bill, not part of it: the draft's body, and so its export, is the bill alone.
 */
function ComparativePrint({ amendment }: { amendment: DraftAmendment }) {
  const { t } = useI18n();
  let marked = false;
  return (
    <section aria-label={`${t('comparativePrint')}: ${amendment.section_number}`} className="mt-3 border-t border-slate-200 pt-2">
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-700">{t('comparativePrint')}</h3>
      <p className="mt-1 text-xs italic text-slate-700">{t('comparativePrintHint')}</p>
      <div className="mt-2 grid gap-1 font-serif text-slate-900">
        {amendment.current_text.split('\n').map((line, i) => {
          const at = marked || !amendment.strike ? -1 : line.indexOf(amendment.strike);
          if (at < 0) return <p key={i}>{line}</p>;
          marked = true;
          return (
            <p key={i}>
              {line.slice(0, at)}
              <s className="text-red-800">{amendment.strike}</s>
              {amendment.insert ? (
                <>
                  {' '}
                  <u className="text-green-800">{amendment.insert}</u>
                </>
              ) : null}
              {line.slice(at + amendment.strike.length)}
            </p>
          );
        })}
      </div>
    </section>
  );
}

/** Beside the editor: the placeholders still to fill, the verified sources, the amendments, how it was drafted. */
export function DraftSidePanel({ draft, placeholders, onFind }: { draft: DraftedDocument; placeholders: string[]; onFind: (placeholder: string) => void }) {
  const { t } = useI18n();
  const [tab, setTab] = useState<PanelTab>('fill');
  return (
    <aside aria-label={t('draftSidePanel')} className="flex min-h-0 flex-col border-l border-slate-200 bg-white">
      <Tabs
        label={t('draftSidePanel')}
        value={tab}
        onValueChange={setTab}
        tabs={[
          { value: 'fill', label: `${t('panelToFill')} (${placeholders.length})` },
          { value: 'sources', label: `${t('panelSources')} (${draft.citations.length})` },
          { value: 'amendments', label: t('panelAmendments') },
          { value: 'about', label: t('panelAbout') },
        ]}
      >
        <div className="min-h-0 flex-1 overflow-y-auto p-4 text-sm">
          {tab === 'fill' &&
            (placeholders.length ? (
              <>
                <p className="mb-2 text-slate-700">{t('placeholdersHint')}</p>
                <ul className="grid gap-1">
                  {placeholders.map((p) => (
                    <li key={p}>
                      <button type="button" className="rounded bg-amber-100 px-1.5 py-0.5 text-left text-amber-950 hover:bg-amber-200 focus-visible:outline focus-visible:outline-2 focus-visible:outline-blue-600" aria-label={t('findInText', { placeholder: p })} onClick={() => onFind(p)}>
                        {p}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-slate-700">{t('noPlaceholders')}</p>
            ))}
          {tab === 'sources' &&
            (draft.citations.length ? (
              <ul className="grid gap-3">
                {draft.citations.map((c) => {
                  const url = safeHttpUrl(c.source_url);
                  return (
                    <li key={`${c.source_id}|${c.quote}`} className="rounded-md border border-slate-200 p-3">
                      <p className="font-medium text-slate-900">
                        {url ? (
                          <NewTabLink href={url} className="text-blue-800 underline underline-offset-2">
                            {c.number}
                          </NewTabLink>
                        ) : (
                          c.number
                        )}{' '}
                        <span className="font-normal text-slate-700">{c.title}</span>
                      </p>
                      <blockquote className="mt-1 border-l-2 border-slate-300 pl-2 text-slate-800">“{c.quote}”</blockquote>
                      <p className="mt-1 flex items-center gap-1 text-xs text-green-800">
                        <ShieldCheck className="size-3.5" aria-hidden="true" />
                        {t('verifiedQuote')}
                      </p>
                    </li>
                  );
                })}
              </ul>
            ) : (
              <p className="text-slate-700">{t('noSources')}</p>
            ))}
          {tab === 'amendments' &&
            (draft.amendments.length ? (
              <ul className="grid gap-3">
                {draft.amendments.map((a) => (
                  <li key={`${a.section_id}|${a.strike}`} className="rounded-md border border-slate-200 p-3">
                    <p className="font-medium text-slate-900">
                      {a.section_number} {a.section_title}
                    </p>
                    <p className="mt-1 text-slate-800">{a.instruction}</p>
                    <p className="mt-2 text-xs text-slate-700">
                      {t('amendmentStrike')}: <del className="text-red-800">{a.strike}</del> · {t('amendmentInsert')}: <ins className="text-green-800">{a.insert}</ins>
                    </p>
                    <ComparativePrint amendment={a} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-slate-700">{t('draftNoAmendments')}</p>
            ))}
          {tab === 'about' && (
            <dl className="grid gap-2 text-slate-800">
              <div>{t('draftedBy', { engine: engineNameOf(t, draft.engine, null, draft.engine_label) ?? '' })}</div>
              <div>{t('draftRequest', { query: draft.request.query })}</div>
              {draft.template && <div>{t('draftTemplate', { name: draft.template.id === BUILT_IN_TEMPLATE ? t('templateBuiltIn') : draft.template.name })}</div>}
              {draft.dropped_citations > 0 && <div>{t('draftDroppedCitations', { count: draft.dropped_citations })}</div>}
            </dl>
          )}
        </div>
      </Tabs>
    </aside>
  );
}
