import * as DialogPrimitive from '@radix-ui/react-dialog';
import { ChevronRight, ExternalLink } from 'lucide-react';
import type { CodeSection } from '@civicdesk/contract';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { StatusBadge } from './StatusBadge';
import { NewTabLink } from '../new-tab-link';

/** Where a section sits in the code, its name, status and official source: kept in view above its text. */
export function SectionHeading({ section }: { section: CodeSection }) {
  const { t } = useI18n();
  const sourceUrl = safeHttpUrl(section.source_url);
  const trail = section.hierarchy.filter((level) => level.level !== 'section');
  return (
    <div className="grid gap-1.5">
      {trail.length > 0 && (
        <nav aria-label={t('sectionHierarchy')}>
          <ol className="flex flex-wrap items-center gap-x-1 text-xs text-slate-600">
            {trail.map((level, index) => (
              <li key={level.level} className="flex items-center gap-1">
                {index > 0 && <ChevronRight aria-hidden="true" className="size-3 text-slate-500" />}
                <span>{level.label}</span>
              </li>
            ))}
          </ol>
        </nav>
      )}
      <DialogPrimitive.Title className="font-serif text-xl font-semibold leading-snug text-slate-900">
        {section.number}. {section.title}
      </DialogPrimitive.Title>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-700">
        <StatusBadge status={section.status} />
        <span>{section.location.name}</span>
        {sourceUrl && (
          <NewTabLink href={sourceUrl} className="inline-flex items-center gap-1 font-medium text-blue-800 underline-offset-2 hover:underline">
            {t('officialSource')}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </NewTabLink>
        )}
      </div>
    </div>
  );
}
