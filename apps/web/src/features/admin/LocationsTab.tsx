import { useEnabledCodes, useLocations, useOrganizations } from '../../api/reference';
import { Table, Td, Th } from '../../components/ui/table';
import { useI18n } from '../../lib/i18n';
import { safeHttpUrl } from '../../lib/safe-url';
import { EmptyRow, QueryState } from '../../components/query-state';
import { NewTabLink } from '../../components/new-tab-link';
import { useSession } from '../../lib/session-context';
import { AddCityForm, CityImports } from './CityImports';

/** Locations (tenants), organizations (employers) and the locations whose code the assistant can answer from. */
export function LocationsTab() {
  const { t } = useI18n();
  const locations = useLocations();
  const organizations = useOrganizations();
  const enabled = useEnabledCodes();
  const { role } = useSession();
  return (
    <div className="grid gap-6">
      {role === 'ADMIN' && <AddCityForm />}
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">{t('locationsHeading')}</h2>
        <QueryState query={locations}>
          {(rows) => (
            <Table caption={t('locationsHeading')}>
              <thead>
                <tr>
                  <Th>{t('colName')}</Th>
                  <Th>{t('colCode')}</Th>
                  <Th>{t('colState')}</Th>
                  <Th>{t('colCodeSite')}</Th>
                  <Th>{t('colMunicipalCode')}</Th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && <EmptyRow colSpan={5}>{t('none')}</EmptyRow>}
                {rows.map((l) => (
                  <tr key={l.id}>
                    <Td className="font-medium">{l.name}</Td>
                    <Td>{l.code}</Td>
                    <Td>{l.state_code}</Td>
                    <Td className="break-all">
                      {safeHttpUrl(l.code_site_url) ? (
                        <NewTabLink href={safeHttpUrl(l.code_site_url)!} className="text-blue-800 underline">
                          {l.code_site_url}
                        </NewTabLink>
                      ) : (
                        (l.code_site_url ?? t('none'))
                      )}
                    </Td>
                    <Td>{l.municipal_code_enabled ? t('enabled') : t('notEnabled')}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </QueryState>
      </section>
      <QueryState query={locations}>{(rows) => <div className="grid gap-3">{rows.map((l) => <CityImports key={l.id} location={l} />)}</div>}</QueryState>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">{t('enabledCodesHeading')}</h2>
        <QueryState query={enabled}>
          {(rows) => (
            <p className="text-sm text-slate-800">{rows.length ? rows.map((l) => `${l.name} (${l.code})`).join(', ') : t('none')}</p>
          )}
        </QueryState>
      </section>
      <section className="grid gap-2">
        <h2 className="text-lg font-semibold">{t('organizationsHeading')}</h2>
        <QueryState query={organizations}>
          {(rows) => (
            <Table caption={t('organizationsHeading')}>
              <thead>
                <tr>
                  <Th>{t('colName')}</Th>
                  <Th>{t('colLocation')}</Th>
                </tr>
              </thead>
              <tbody>
                {rows.length === 0 && <EmptyRow colSpan={2}>{t('none')}</EmptyRow>}
                {rows.map((o) => (
                  <tr key={o.id}>
                    <Td className="font-medium">{o.name}</Td>
                    <Td>{o.location_code ?? t('none')}</Td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
        </QueryState>
      </section>
    </div>
  );
}
