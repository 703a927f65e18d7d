import { useLocations } from '../api/reference';
import { safeHttpUrl } from '../lib/safe-url';
import { useSession } from '../lib/session-context';

/** The user's location's external code site (decisions.md: a per-location setting), or null. */
export function useOrdinanceSearchUrl(): string | null {
  const { token, locationCode } = useSession();
  const locations = useLocations(Boolean(token));
  const url = locations.data?.find((location) => location.code === locationCode)?.code_site_url ?? null;
  // Only web addresses open in a new tab; anything else in the setting is ignored.
  return safeHttpUrl(url);
}
