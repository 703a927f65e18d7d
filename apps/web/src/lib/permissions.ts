import {
  NAVIGATION_ITEMS,
  TOOL_PERMISSIONS,
  hasAnyPermission,
  type NavigationItem,
  type Permission,
  type Tool,
} from '@civicdesk/contract';
import type { MessageKey } from './i18n';

/** The Municipal Tools the user may see: any one of an item's permissions is enough (spec §6). */
export function visibleNavigationItems(permissions: readonly Permission[]): NavigationItem[] {
  return NAVIGATION_ITEMS.filter((item) => hasAnyPermission(permissions, item.requiredPermissions));
}

export function canUseTool(permissions: readonly Permission[], tool: Tool): boolean {
  return hasAnyPermission(permissions, TOOL_PERMISSIONS[tool]);
}

/** Dictionary keys of the navigation titles, so the menu follows the chosen language. */
const NAV_TITLE_KEYS: Record<string, MessageKey> = {
  'Smart Search': 'navSmartSearch',
  'Knowledge Assistant': 'navKnowledgeAssistant',
  'Compliance Check': 'navComplianceCheck',
  'Code Compliance': 'navCodeCompliance',
  'Draft Collection': 'navDraftCollection',
  'Ordinance Search': 'navOrdinanceSearch',
  Summarizer: 'navSummarizer',
  'Legal Chatbot': 'navLegalChatbot',
};

export function navTitleKey(item: NavigationItem): MessageKey | undefined {
  return NAV_TITLE_KEYS[item.title];
}
