/** Business constants of spec §9 and decisions.md, verbatim. */
export const MOBILE_BREAKPOINT_PX = 768;
export const FEEDBACK_BANNER_MS = 5_000;
export const THREAD_REFETCH_AFTER_ACTION_MS = 100;
export const THREAD_REFETCH_AFTER_NEW_CHAT_MS = 500;
export const TOAST_DURATION_MS = 5_000;
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOOLTIP_DELAY_MS = 700;
export const AGENDA_ITEM_PAGE_LIMIT = 10;
export const EXTERNAL_DOCUMENT_PAGE_SIZE = 10;
export const EXTERNAL_DOCUMENT_SORT_BY = 'updated_at';
export const EXTERNAL_DOCUMENT_SORT_ORDER = -1;
/** A page number below this is sent as `page`; otherwise as `skip`. */
export const EXTERNAL_DOCUMENT_PAGE_PARAM_LIMIT = 1000;
export const DEFAULT_COMPLIANCE_TYPE = 'legal';
/** Municipal code lookup: an id longer than this is a document id. */
export const MUNICIPAL_CODE_SECTION_ID_MAX_LENGTH = 11;
export const ANALYTICS_COOKIE_DAYS = 365;
export const ANALYTICS_SESSION_IDLE_MINUTES = 30;

export const PASSWORD_MIN_LENGTH = 12;
export const INVITE_CODE_TTL_HOURS = 72;
export const RESET_CODE_TTL_MINUTES = 15;
export const CODE_MAX_ATTEMPTS = 5;
export const FEEDBACK_DESCRIPTION_MAX = 5_000;
export const THREAD_TITLE_MAX = 200;

export const DOCUMENT_TYPES = ['AGENDA_ITEM', 'RESOLUTION', 'PROCLAMATION', 'ORDINANCE'] as const;
export const STORED_STATUSES = ['NEWLY_CREATED', 'CREATED', 'NO_DATAS'] as const;
export const SEARCH_TABS = ['SEARCH', 'EXPLORE', 'HOME'] as const;

export const AGENDA_SECTION_NAMES = [
  'CALL TO ORDER',
  'AGENDA REVIEW',
  'PRESENTATIONS AND APPOINTMENTS',
  'STAFF REPORTS',
  'PRESENTATIONS FROM THE FLOOR',
  'CONSENT CALENDAR',
  'NEW BUSINESS',
  'ONGOING BUSINESS',
  'PUBLIC HEARINGS',
  'COUNCIL INITIATED',
  'ADJOURN',
  'SPECIAL ITEMS',
  'CLOSED SESSION',
  'STUDY SESSION',
  'PUBLIC COMMENT',
] as const;

export const MEETING_TYPES = [
  'CITY COUNCIL',
  'COMMUNICATION RELATION COMMITTEE',
  'PLANNING COMMISSION',
  'EDUCATION COMMITTEE',
  'REGULAR',
] as const;
