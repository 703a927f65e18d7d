import { useEffect, useState } from 'react';
import { NavLink, useLocation } from 'react-router';
import * as Collapsible from '@radix-ui/react-collapsible';
import { ChevronDown } from 'lucide-react';
import type { NavigationItem } from '@civicdesk/contract';
import { Tooltip, TooltipContent, TooltipTrigger } from '../components/ui/tooltip';
import { cn } from '../lib/cn';
import { useI18n } from '../lib/i18n';
import { navTitleKey, visibleNavigationItems } from '../lib/permissions';
import { isCodeAssistantPath } from '../lib/routes';
import { useSession } from '../lib/session-context';
import { track } from '../lib/analytics';
import { navIconOf } from './nav-icons';
import { useOrdinanceSearchUrl } from './useOrdinanceSearchUrl';
import { NewTabLink } from '../components/new-tab-link';

const itemClass =
  'flex w-full items-center gap-3 rounded-md px-3 py-2 text-sm text-slate-800 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 aria-disabled:cursor-not-allowed aria-disabled:text-slate-500 aria-disabled:hover:bg-transparent';
// Styled through aria-current (set by NavLink) rather than NavLink's className function: the collapsed
// rail wraps links in a Radix TooltipTrigger (Slot), which merges className as a string and would drop it.
const activeClass =
  'aria-[current=page]:bg-blue-50 aria-[current=page]:font-medium aria-[current=page]:text-blue-900 aria-[current=page]:hover:bg-blue-100';

/** The Municipal Tools group (spec §2): collapsible on /code-assistant pages only; elsewhere open, toggle disabled. */
export function SidebarNav({ collapsed }: { collapsed: boolean }) {
  const { t } = useI18n();
  const { pathname } = useLocation();
  const { permissions } = useSession();
  const items = visibleNavigationItems(permissions);
  const collapsible = isCodeAssistantPath(pathname);
  const [openOnAssistant, setOpenOnAssistant] = useState(true);
  const open = collapsible ? openOnAssistant : true;

  useEffect(() => {
    if (!collapsible) setOpenOnAssistant(true);
  }, [collapsible]);

  const list = (
    <ul className={cn('grid gap-0.5', collapsed ? 'justify-items-center' : 'px-2')}>
      {items.map((item) => (
        <li key={item.title} className={cn(collapsed && 'w-full px-2')}>
          <NavEntry item={item} collapsed={collapsed} />
        </li>
      ))}
    </ul>
  );

  if (collapsed) {
    return <nav aria-label={t('municipalTools')} className="py-2">{list}</nav>;
  }

  return (
    <nav aria-label={t('municipalTools')} className="py-2">
      <Collapsible.Root open={open} onOpenChange={setOpenOnAssistant} disabled={!collapsible}>
        <div className="flex items-center justify-between px-3 pb-1">
          <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-600">{t('municipalTools')}</h2>
          <Collapsible.Trigger
            aria-label={t('toggleMunicipalTools')}
            className="rounded-md p-1 text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 disabled:cursor-not-allowed disabled:text-slate-400 disabled:hover:bg-transparent"
          >
            <ChevronDown aria-hidden="true" className={cn('size-4 transition-transform', !open && '-rotate-90')} />
          </Collapsible.Trigger>
        </div>
        <Collapsible.Content>{list}</Collapsible.Content>
      </Collapsible.Root>
    </nav>
  );
}

function NavEntry({ item, collapsed }: { item: NavigationItem; collapsed: boolean }) {
  const { t } = useI18n();
  const ordinanceSearchUrl = useOrdinanceSearchUrl();
  const key = navTitleKey(item);
  const title = key ? t(key) : item.title;
  const Icon = navIconOf(item);
  const content = (
    <>
      <Icon aria-hidden="true" className="size-4 shrink-0" />
      <span className={cn(collapsed ? 'sr-only' : 'truncate')}>{title}</span>
    </>
  );
  const shape = cn(itemClass, collapsed && 'justify-center px-0');

  let entry;
  if (item.external) {
    entry = ordinanceSearchUrl ? (
      <NewTabLink href={ordinanceSearchUrl} className={shape} onClick={() => track('ordinance_search_opened', { tool: 'ordinance_search' })}>
        {content}
      </NewTabLink>
    ) : (
      // Not a real disabled button: it stays focusable so the tooltip can say why it does nothing.
      <span role="link" aria-disabled="true" tabIndex={0} className={shape} title={collapsed ? undefined : t('ordinanceSearchUnavailable')}>
        {content}
      </span>
    );
  } else {
    entry = (
      <NavLink to={item.href} end={item.href !== '/code-assistant'} className={cn(shape, activeClass)}>
        {content}
      </NavLink>
    );
  }

  if (!collapsed) return entry;
  return (
    <Tooltip>
      <TooltipTrigger asChild>{entry}</TooltipTrigger>
      <TooltipContent side="right">
        {item.external && !ordinanceSearchUrl ? `${title} — ${t('ordinanceSearchUnavailable')}` : title}
      </TooltipContent>
    </Tooltip>
  );
}
