import { Navigate, useParams, useSearchParams } from 'react-router';

/**
 * The search API names a meeting's item as /ordinance/agenda/{agendaId}?agenda_item={itemId}
 * (its `url` field); agendas live at /agenda/{id} here, so such links are forwarded there.
 */
export function AgendaRedirect() {
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const item = params.get('agenda_item');
  return <Navigate replace to={`/agenda/${encodeURIComponent(id)}${item ? `#item-${encodeURIComponent(item)}` : ''}`} />;
}
