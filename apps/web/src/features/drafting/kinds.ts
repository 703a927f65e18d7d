import { DRAFT_KINDS, DRAFT_PERMISSION, type DraftKind } from '@civicdesk/contract';
import { useSession } from '../../lib/session-context';

/** The drafting pages' paths: /draft/{kind} for a new draft, /draft/{kind}/{id} for one being edited. */
export const draftPath = (kind: DraftKind, id?: string) => `/draft/${kind}${id ? `/${encodeURIComponent(id)}` : ''}`;

/** The id GET /prompt/{type} gives the server's own template; its name is shown from the catalogue. */
export const BUILT_IN_TEMPLATE = 'built-in';

export const isDraftKind = (value: string | undefined): value is DraftKind => DRAFT_KINDS.includes(value as DraftKind);

/** The kinds the signed-in user may draft (each kind has its own permission). */
export function useDraftableKinds(): DraftKind[] {
  const { permissions } = useSession();
  return DRAFT_KINDS.filter((kind) => permissions.includes(DRAFT_PERMISSION[kind]));
}
