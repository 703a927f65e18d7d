import * as DialogPrimitive from '@radix-ui/react-dialog';
import { AlertCircle, X } from 'lucide-react';
import { ApiError } from '../../api/client';
import { useCodeSection } from '../../api/municipal-code';
import { DialogOverlay } from '../ui/dialog';
import { Button } from '../ui/button';
import { Skeleton } from '../ui/skeleton';
import { useI18n } from '../../lib/i18n';
import type { SectionToOpen } from './section-viewer-context';
import { SectionBody } from './SectionBody';
import { SectionHeading } from './SectionHeading';

interface SectionViewerProps {
  target: SectionToOpen | null;
  onNavigate: (target: SectionToOpen) => void;
  onClose: () => void;
  onCloseAutoFocus: (event: Event) => void;
}

/**
 * A code section in a side panel beside the conversation, so the reader checks a quote in its
 * context without losing their place. A dialog underneath: focus is trapped and returns on close.
 */
export function SectionViewer({ target, onNavigate, onClose, onCloseAutoFocus }: SectionViewerProps) {
  const { t } = useI18n();
  const section = useCodeSection(target?.sectionId ?? null);
  const missing = section.error instanceof ApiError && section.error.status === 404;
  const heading = section.isError ? t(missing ? 'sectionNotFound' : 'sectionLoadFailed') : t('sectionLoading');

  return (
    <DialogPrimitive.Root open={target !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          aria-describedby={undefined}
          onCloseAutoFocus={onCloseAutoFocus}
          className="fixed inset-y-0 right-0 z-50 flex w-full max-w-2xl flex-col bg-white shadow-2xl focus:outline-none"
          data-testid="section-viewer"
        >
          {/* The section's name stays in view while its text scrolls to the quoted passage. */}
          <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-3 sm:px-8">
            <div className="min-w-0">
              {section.data ? (
                <SectionHeading section={section.data} />
              ) : (
                <DialogPrimitive.Title className="font-serif text-xl font-semibold leading-snug text-slate-900">{heading}</DialogPrimitive.Title>
              )}
            </div>
            <DialogPrimitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label={t('close')} className="-mr-2 shrink-0">
                <X aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          </div>
          {/* Keyed by section: moving to the previous or next section starts at its top. */}
          <div key={target?.sectionId} className="min-h-0 flex-1 overflow-y-auto px-5 py-5 sm:px-8">
            {section.isPending ? (
              <div role="status" aria-label={t('sectionLoading')} className="grid gap-3">
                <Skeleton className="h-4 w-full" />
                <Skeleton className="h-4 w-11/12" />
                <Skeleton className="h-4 w-4/5" />
                <Skeleton className="h-40 w-full" />
              </div>
            ) : section.isError ? (
              <div role="alert" className="flex items-start gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
                <AlertCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <div className="grid gap-2">
                  <p className="font-medium">{missing ? t('sectionNotFoundBody') : t('sectionLoadFailed')}</p>
                  {!missing && (
                    <Button variant="outline" size="sm" className="justify-self-start" onClick={() => void section.refetch()}>
                      {t('retry')}
                    </Button>
                  )}
                </div>
              </div>
            ) : (
              <SectionBody
                section={section.data}
                quote={target?.quote}
                onNavigate={(sectionId) => onNavigate({ sectionId })}
              />
            )}
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
