import { ChevronRight } from 'lucide-react';
import type { GenerateResponse } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { useOpenSection } from '../../components/code-section/section-viewer-context';
import { NewTabLink } from '../../components/new-tab-link';

const summaryClass =
  'flex cursor-pointer list-none items-center gap-1 rounded-md text-sm font-medium text-slate-700 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 [&::-webkit-details-marker]:hidden';

/** The sections and documents the search looked at, collapsed: useful for checking, noise otherwise. */
export function SearchedSources({ answer }: { answer: GenerateResponse }) {
  const { t } = useI18n();
  const openSection = useOpenSection();
  const { codes, documents } = answer;
  if (codes.length === 0 && documents.length === 0) return null;
  return (
    <div className="grid gap-2">
      {codes.length > 0 && (
        <details className="group">
          <summary className={summaryClass}>
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
            {t('sectionsSearched', { count: codes.length })}
          </summary>
          <ol className="mt-2 grid gap-1 pl-6 text-sm">
            {codes.map((code) => (
              <li key={code.id} className="flex flex-wrap items-baseline gap-x-2">
                {openSection ? (
                  <button
                    type="button"
                    onClick={() => openSection({ sectionId: code.id })}
                    className="rounded font-medium text-blue-800 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
                  >
                    {code.number}
                  </button>
                ) : (
                  <span className="font-medium text-slate-900">{code.number}</span>
                )}
                <span className="text-slate-800">{code.title}</span>
                <span className="text-xs text-slate-600">{code.title_name}</span>
              </li>
            ))}
          </ol>
        </details>
      )}
      {documents.length > 0 && (
        <details className="group">
          <summary className={summaryClass}>
            <ChevronRight aria-hidden="true" className="size-4 transition-transform group-open:rotate-90" />
            {t('documentsRead', { count: documents.length })}
          </summary>
          <ul className="mt-2 grid gap-1 pl-6 text-sm text-slate-800">
            {documents.map((document, index) => {
              const url = safeHttpUrl(document.url);
              return (
                <li key={`${document.name}-${index}`}>
                  {url ? (
                    <NewTabLink href={url} className="text-blue-800 underline-offset-2 hover:underline">
                      {document.name}
                    </NewTabLink>
                  ) : (
                    document.name
                  )}
                  {!document.has_text && <span className="text-slate-600"> — {t('documentNoText')}</span>}
                </li>
              );
            })}
          </ul>
        </details>
      )}
    </div>
  );
}
