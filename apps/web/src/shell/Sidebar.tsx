import { type ReactNode, useId } from 'react';
import { TranslationSlot } from './TranslationSlot';
import { Link } from 'react-router';
import { PanelLeftClose, PanelLeftOpen, Plus, Settings, ShieldCheck } from 'lucide-react';
import { isAdminRole } from '@civicdesk/contract';
import { Button } from '../components/ui/button';
import { Tooltip, TooltipContent, TooltipTrigger } from '../components/ui/tooltip';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';
import { canUseTool } from '../lib/permissions';
import { useSession } from '../lib/session-context';
import { ConversationsList } from './conversations/ConversationsList';
import { useThreadActions } from './conversations/useThreadActions';
import { SidebarNav } from './SidebarNav';

interface SidebarProps {
  /** Icons only, 16 units wide; otherwise 72 units with labels (spec §2, §9). */
  collapsed: boolean;
  /** The desktop collapse toggle; the drawer has none. */
  onToggleCollapsed?: () => void;
  className?: string;
}

export function Sidebar({ collapsed, onToggleCollapsed, className }: SidebarProps) {
  const { t } = useI18n();
  const { role, permissions } = useSession();
  const showConversations = canUseTool(permissions, 'KNOWLEDGE_ASSISTANT');

  return (
    <aside
      aria-label={t('sidebarLabel')}
      data-collapsed={collapsed}
      className={cn(
        'flex h-full shrink-0 flex-col border-r border-slate-200 bg-white transition-[width] duration-200',
        collapsed ? 'w-16' : 'w-72',
        className,
      )}
    >
      {onToggleCollapsed && (
        <div className={cn('flex px-2 pt-2', collapsed ? 'justify-center' : 'justify-end')}>
          <IconAction
            label={collapsed ? t('expandSidebar') : t('collapseSidebar')}
            onClick={onToggleCollapsed}
            collapsed={collapsed}
          >
            {collapsed ? <PanelLeftOpen aria-hidden="true" /> : <PanelLeftClose aria-hidden="true" />}
          </IconAction>
        </div>
      )}
      <SidebarNav collapsed={collapsed} />
      {showConversations && (collapsed ? <CollapsedNewConversation /> : <ConversationsList />)}
      {!showConversations && <div className="flex-1" />}
      <div className={cn('border-t border-slate-200 p-2', collapsed && 'flex justify-center')}>
        {/* On a narrow screen the top bar has no room for the language switch: it is here, in the drawer. */}
        {!collapsed && (
          <div className="mb-1 sm:hidden">
            <TranslationSlot />
          </div>
        )}
        <SidebarFooter collapsed={collapsed} isAdmin={isAdminRole(role)} />
      </div>
    </aside>
  );
}

function CollapsedNewConversation() {
  const { t } = useI18n();
  const { startNewConversation } = useThreadActions();
  return (
    <div className="flex flex-1 justify-center border-t border-slate-200 pt-2">
      <IconAction label={t('newConversationLabel')} onClick={startNewConversation} collapsed>
        <Plus aria-hidden="true" />
      </IconAction>
    </div>
  );
}

function SidebarFooter({ collapsed, isAdmin }: { collapsed: boolean; isAdmin: boolean }) {
  const { t } = useI18n();
  if (isAdmin) {
    const link = (
      <Link
        to="/admin"
        className={cn(
          'flex items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600',
          collapsed && 'justify-center px-2',
        )}
      >
        <ShieldCheck aria-hidden="true" className="size-4" />
        <span className={cn(collapsed && 'sr-only')}>{t('adminPanel')}</span>
      </Link>
    );
    return collapsed ? (
      <Tooltip>
        <TooltipTrigger asChild>{link}</TooltipTrigger>
        <TooltipContent side="right">{t('adminPanel')}</TooltipContent>
      </Tooltip>
    ) : (
      link
    );
  }
  // Disabled, as the spec has it, and saying why.
  const hintId = useId();
  return (
    <div className="grid gap-1">
      <Button variant="ghost" disabled aria-describedby={hintId} title={t('settingsManaged')} className={cn('w-full justify-start gap-3', collapsed && 'w-auto justify-center px-2')}>
        <Settings aria-hidden="true" />
        <span className={cn(collapsed && 'sr-only')}>{t('settings')}</span>
      </Button>
      <p id={hintId} className={cn('px-3 text-xs text-slate-600', collapsed && 'sr-only')}>
        {t('settingsManaged')}
      </p>
    </div>
  );
}

function IconAction({
  label,
  onClick,
  collapsed,
  children,
}: {
  label: string;
  onClick: () => void;
  collapsed: boolean;
  children: ReactNode;
}) {
  const button = (
    <Button variant="ghost" size="icon" aria-label={label} onClick={onClick}>
      {children}
    </Button>
  );
  if (!collapsed) return button;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{button}</TooltipTrigger>
      <TooltipContent side="right">{label}</TooltipContent>
    </Tooltip>
  );
}
