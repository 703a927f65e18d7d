/** Roles, permissions and the navigation gating of spec §6 and decisions.md: one table for server and web. */
export const ROLES = ['ADMIN', 'SUPERUSER', 'MAYOR', 'STAFF', 'CITY_COUNCILLOR', 'CLERK', 'CITY_MANAGER'] as const;
export type Role = (typeof ROLES)[number];

export const PERMISSIONS = [
  'AGENDA_SEARCH',
  'RESOLUTION_SEARCH',
  'MUNICIPAL_CODE_ASSISTANT',
  'COMPLIANCE_CHECK',
  'CODE_COMPLIANCE_REPORT',
  'AGENDA_ASSISTANCE_DRAFTING',
  'RESOLUTION_ASSISTANCE_DRAFTING',
  'ORDINANCE_ASSISTANCE_DRAFTING',
  'STAFF_REPORT_ASSISTANCE_DRAFTING',
  'MINUTES_SUMMARY',
  'LEGAL_CHATBOT',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const OFFICIAL_PERMISSIONS: Permission[] = [
  'AGENDA_SEARCH',
  'RESOLUTION_SEARCH',
  'MUNICIPAL_CODE_ASSISTANT',
  'MINUTES_SUMMARY',
  'LEGAL_CHATBOT',
];

export const DEFAULT_PERMISSIONS: Record<Role, Permission[]> = {
  ADMIN: [...PERMISSIONS],
  SUPERUSER: [...PERMISSIONS],
  CLERK: [...PERMISSIONS],
  CITY_MANAGER: [...PERMISSIONS],
  STAFF: [...PERMISSIONS],
  MAYOR: OFFICIAL_PERMISSIONS,
  CITY_COUNCILLOR: OFFICIAL_PERMISSIONS,
};

/**
 * Rank used for "nobody raises anyone above their own role". ADMIN > SUPERUSER > the rest,
 * which are peers: a SUPERUSER may assign any role but ADMIN.
 */
export const ROLE_RANK: Record<Role, number> = {
  ADMIN: 3,
  SUPERUSER: 2,
  MAYOR: 1,
  STAFF: 1,
  CITY_COUNCILLOR: 1,
  CLERK: 1,
  CITY_MANAGER: 1,
};

export const ADMIN_ROLES: Role[] = ['ADMIN', 'SUPERUSER'];
export const isAdminRole = (role: string | undefined | null): boolean =>
  role === 'ADMIN' || role === 'SUPERUSER';

/** Permission sets that open a tool: holding any one of them is enough (spec §6). */
export const TOOL_PERMISSIONS = {
  SMART_SEARCH: ['AGENDA_SEARCH', 'RESOLUTION_SEARCH'],
  KNOWLEDGE_ASSISTANT: ['MUNICIPAL_CODE_ASSISTANT'],
  COMPLIANCE_CHECK: ['COMPLIANCE_CHECK'],
  CODE_COMPLIANCE: ['CODE_COMPLIANCE_REPORT'],
  DRAFTING: [
    'AGENDA_ASSISTANCE_DRAFTING',
    'RESOLUTION_ASSISTANCE_DRAFTING',
    'ORDINANCE_ASSISTANCE_DRAFTING',
    'STAFF_REPORT_ASSISTANCE_DRAFTING',
  ],
  SUMMARIZER: ['MINUTES_SUMMARY'],
  LEGAL_CHATBOT: ['LEGAL_CHATBOT'],
} as const satisfies Record<string, readonly Permission[]>;
export type Tool = keyof typeof TOOL_PERMISSIONS;

export interface NavigationItem {
  title: string;
  href: string;
  requiredPermissions: readonly Permission[];
  /** Opens the location's external code site in a new tab instead of a page of the app. */
  external?: boolean;
}

export const NAVIGATION_ITEMS: NavigationItem[] = [
  { title: 'Smart Search', href: '/', requiredPermissions: TOOL_PERMISSIONS.SMART_SEARCH },
  { title: 'Knowledge Assistant', href: '/code-assistant', requiredPermissions: TOOL_PERMISSIONS.KNOWLEDGE_ASSISTANT },
  { title: 'Compliance Check', href: '/compliance', requiredPermissions: TOOL_PERMISSIONS.COMPLIANCE_CHECK },
  { title: 'Code Compliance', href: '/compliance/code', requiredPermissions: TOOL_PERMISSIONS.CODE_COMPLIANCE },
  { title: 'Draft Collection', href: '/drafting-history', requiredPermissions: TOOL_PERMISSIONS.DRAFTING },
  { title: 'Ordinance Search', href: '', requiredPermissions: [], external: true },
  { title: 'Summarizer', href: '/summary', requiredPermissions: TOOL_PERMISSIONS.SUMMARIZER },
  { title: 'Legal Chatbot', href: '/chat', requiredPermissions: TOOL_PERMISSIONS.LEGAL_CHATBOT },
];

/** An item shows when the user holds any one of its permissions; none listed means everyone. */
export function hasAnyPermission(held: readonly string[], required: readonly string[]): boolean {
  return required.length === 0 || required.some((p) => held.includes(p));
}

export function canManageRole(actorRole: Role, targetRole: Role): boolean {
  if (actorRole === 'ADMIN') return true;
  if (actorRole === 'SUPERUSER') return targetRole !== 'ADMIN';
  return false;
}
