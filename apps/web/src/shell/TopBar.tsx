import { Link, useLocation } from 'react-router';
import { LayoutDashboard, LogOut, Menu, Share2 } from 'lucide-react';
import { isAdminRole } from '@civicdesk/contract';
import { Button } from '../components/ui/button';
import { useI18n } from '../lib/i18n';
import { activeThreadIdOf } from '../lib/routes';
import { useSession } from '../lib/session-context';
import { flushAnalytics } from '../lib/analytics';
import { useThreadActions } from './conversations/useThreadActions';
import { TranslationSlot } from './TranslationSlot';
import { UserBadge } from './UserBadge';

interface TopBarProps {
  /** Under 768 px the sidebar is a drawer opened from here. */
  onOpenMenu?: () => void;
}

export function TopBar({ onOpenMenu }: TopBarProps) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { role, signOut } = useSession();
  const { shareThread } = useThreadActions();
  const activeThreadId = activeThreadIdOf(pathname);

  const logout = () => {
    void flushAnalytics({ keepalive: true });
    signOut();
  };

  return (
    <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 bg-white px-3 sm:px-4">
      {onOpenMenu && (
        <Button variant="ghost" size="icon" aria-label={t('openMenu')} onClick={onOpenMenu}>
          <Menu aria-hidden="true" />
        </Button>
      )}
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md text-lg font-semibold text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
      >
        <img src="/favicon.svg" alt="" className="size-7" />
        <span>CivicDesk</span>
      </Link>
      <div className="ml-auto flex min-w-0 items-center gap-1 sm:gap-2">
        <div className="hidden sm:flex">
          <TranslationSlot />
        </div>
        {activeThreadId && (
          <Button variant="outline" size="sm" onClick={() => void shareThread(activeThreadId)} aria-label={t('shareConversation')}>
            <Share2 aria-hidden="true" />
            <span className="hidden md:inline">{t('share')}</span>
          </Button>
        )}
        {isAdminRole(role) && (
          <Button asChild variant="ghost" size="sm">
            <Link to="/admin">
              <LayoutDashboard aria-hidden="true" />
              <span className="hidden md:inline">{t('adminDashboard')}</span>
              <span className="sr-only md:hidden">{t('adminDashboard')}</span>
            </Link>
          </Button>
        )}
        <UserBadge />
        <Button variant="outline" size="sm" onClick={logout}>
          <LogOut aria-hidden="true" />
          <span className="hidden sm:inline">{t('logout')}</span>
          <span className="sr-only sm:hidden">{t('logout')}</span>
        </Button>
      </div>
    </header>
  );
}
