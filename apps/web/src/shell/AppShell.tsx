import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { Sheet, SheetContent, SheetTitle } from '../components/ui/sheet';
import { TooltipProvider } from '../components/ui/tooltip';
import { useI18n } from '../lib/i18n';
import { isDraftPath } from '../lib/routes';
import { useIsMobile } from '../lib/use-media-query';
import { FeedbackButton } from './FeedbackButton';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/**
 * The signed-in layout (spec §2): sidebar, top bar, page, feedback button. Under 768 px the sidebar
 * is a drawer opened from the top bar; on /draft/ pages the top bar is hidden and the sidebar is
 * collapsed to its icon rail, which therefore also stays on narrow screens there.
 */
export function AppShell() {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const onDraft = isDraftPath(pathname);
  const [collapsedByUser, setCollapsedByUser] = useState(false);
  const [expandedOnDraft, setExpandedOnDraft] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);

  useEffect(() => {
    setDrawerOpen(false);
    if (!onDraft) setExpandedOnDraft(false);
  }, [pathname, onDraft]);

  useEffect(() => {
    if (!isMobile) setDrawerOpen(false);
  }, [isMobile]);

  const showRail = !isMobile || onDraft;
  const collapsed = onDraft ? isMobile || !expandedOnDraft : collapsedByUser;
  const toggleCollapsed = onDraft ? () => setExpandedOnDraft((v) => !v) : () => setCollapsedByUser((v) => !v);

  return (
    <TooltipProvider>
      <div className="flex h-dvh overflow-hidden bg-slate-50 text-slate-900">
        <a
          href="#main-content"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-blue-800 focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:ring-2 focus:ring-blue-600"
        >
          {t('skipToContent')}
        </a>
        {showRail && <Sidebar collapsed={collapsed} onToggleCollapsed={isMobile ? undefined : toggleCollapsed} />}
        {isMobile && !onDraft && (
          <Sheet open={drawerOpen} onOpenChange={setDrawerOpen}>
            <SheetContent aria-describedby={undefined}>
              <SheetTitle className="sr-only">{t('navigationTitle')}</SheetTitle>
              <Sidebar collapsed={false} className="w-full border-r-0 pt-8" />
            </SheetContent>
          </Sheet>
        )}
        <div className="flex min-w-0 flex-1 flex-col">
          {!onDraft && <TopBar onOpenMenu={isMobile ? () => setDrawerOpen(true) : undefined} />}
          <main id="main-content" tabIndex={-1} className="min-h-0 flex-1 overflow-y-auto focus:outline-none">
            <Outlet />
          </main>
        </div>
        <FeedbackButton />
      </div>
    </TooltipProvider>
  );
}
