import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { Location, LocationImport } from '@civicdesk/contract';
import { createLocation, type FileImportSource, importFiles, importLegistar, locationKeys, useLocationImports, vectorsBuilding } from '../../api/locations';
import { CitySettings } from './CitySettings';
import { Field } from '../../components/field';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/use-toast';
import { formatNumber } from '../../lib/format';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';
import { useSession } from '../../lib/session-context';
import { FormError } from '../../components/form-error';

const EMPTY = { code: '', name: '', state_code: '', code_site_url: '' };

/** "Add a city" (ADMIN): its code, name, state and code site. */
export function AddCityForm() {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(EMPTY);
  const { busy, error, errors, clear, submitWith } = useSubmission();
  const set = (name: keyof typeof EMPTY) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = submitWith(async () => {
    const created = await createLocation({ code: fields.code, name: fields.name, state_code: fields.state_code, ...(fields.code_site_url.trim() ? { code_site_url: fields.code_site_url } : {}) });
    toast({ variant: 'success', title: t('cityAdded', { name: created.name }) });
    setFields(EMPTY);
    clear();
    await queryClient.invalidateQueries({ queryKey: ['locations'] });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 rounded-md border border-slate-200 p-3" aria-labelledby="add-city-heading">
      <h3 id="add-city-heading" className="font-semibold">
        {t('addCity')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('cityCode')} hint={t('cityCodeHint')} value={fields.code} onChange={set('code')} error={errors['body.code']} required />
        <Field label={t('cityName')} value={fields.name} onChange={set('name')} error={errors['body.name']} required />
        <Field label={t('cityState')} hint={t('cityStateHint')} value={fields.state_code} onChange={set('state_code')} error={errors['body.state_code']} required />
      </div>
      <Field label={t('cityCodeSite')} value={fields.code_site_url} onChange={set('code_site_url')} error={errors['body.code_site_url']} />
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" disabled={busy}>
          {t('addCity')}
        </Button>
      </div>
    </form>
  );
}

/** One city's code-book imports: upload its published files, watch the job, read what was stored. */
export function CityImports({ location }: { location: Location }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const imports = useLocationImports(location.code);
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [source, setSource] = useState<FileImportSource>('code');
  const [replace, setReplace] = useState(false);
  const { busy, error, submitWith } = useSubmission();
  const submit = submitWith(async () => {
    await importFiles(location.code, source, files, replace);
    toast({ title: t('importStarted', { name: location.name }) });
    setFiles([]);
    setReplace(false);
    if (input.current) input.current.value = '';
    await queryClient.invalidateQueries({ queryKey: locationKeys.imports(location.code) });
  });
  // A finished import enables the city's code: the locations' list says so without a reload.
  const lastCompleted = imports.data?.imports.find((i) => i.job_state === 'completed')?.completed_at;
  useEffect(() => {
    if (lastCompleted) void queryClient.invalidateQueries({ queryKey: ['locations'] });
  }, [lastCompleted, queryClient]);
  const inputId = `code-book-${location.code}`;
  const sourceId = `import-source-${location.code}`;
  const replaceId = `import-replace-${location.code}`;
  return (
    <section className="grid gap-2 rounded-md border border-slate-200 p-3" aria-label={t('cityImportsOf', { name: location.name })}>
      <h3 className="font-semibold">{t('cityImportsOf', { name: location.name })}</h3>
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-2">
        <div className="grid gap-1">
          <Label htmlFor={sourceId}>{t('importSource')}</Label>
          <select id={sourceId} className="h-9 rounded-md border border-slate-300 px-2 text-sm" value={source} onChange={(e) => setSource(e.target.value as FileImportSource)}>
            <option value="code">{t('importSourceCode')}</option>
            <option value="agendas">{t('importSourceAgendas')}</option>
            <option value="legislation">{t('importSourceLegislation')}</option>
          </select>
        </div>
        <div className="grid gap-1">
          <Label htmlFor={inputId}>{t(source === 'code' ? 'codeBookFiles' : source === 'legislation' ? 'legislationFiles' : 'documentFiles')}</Label>
          <input
            ref={input}
            id={inputId}
            type="file"
            multiple
            accept={source === 'code' ? '.txt,.text,.html,.htm,.xml,.docx,.pdf,.zip' : '.pdf,.docx,.txt'}
            onChange={(e) => setFiles([...(e.target.files ?? [])])}
            className="text-sm"
          />
          {source === 'code' && <p className="text-xs text-slate-700">{t('codeBookFormats')}</p>}
        </div>
        {source === 'code' && (
          <div className="grid max-w-md gap-1">
            <div className="flex items-center gap-2">
              <input id={replaceId} type="checkbox" className="size-4 accent-blue-700" checked={replace} onChange={(e) => setReplace(e.target.checked)} aria-describedby={`${replaceId}-hint`} />
              <Label htmlFor={replaceId}>{t('importReplace')}</Label>
            </div>
            <p id={`${replaceId}-hint`} className="text-xs text-slate-700">
              {t('importReplaceHint')}
            </p>
          </div>
        )}
        <Button type="submit" disabled={busy || files.length === 0}>
          {t(source === 'code' ? 'importCodeBook' : 'importFiles')}
        </Button>
      </form>
      <FormError>{error}</FormError>
      <LegistarForm location={location} />
      <CitySettings location={location} />
      <QueryState query={imports}>{(data) => (data.imports.length ? <ul className="grid gap-2">{data.imports.map((i) => <ImportRow key={i.id} row={i} />)}</ul> : <p className="text-sm text-slate-700">{t('noImportsYet')}</p>)}</QueryState>
    </section>
  );
}

const NO_LEGISTAR = { client: '', since: '', base_url: '' };

/** A city's Legistar Web API: its client name, the first day, and (rarely) another address. */
function LegistarForm({ location }: { location: Location }) {
  const { t } = useI18n();
  // Another address is an administrator's choice only (the server refuses it from anyone else).
  const { role } = useSession();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState(NO_LEGISTAR);
  const { busy, error, errors, clear, submitWith } = useSubmission();
  const set = (name: keyof typeof NO_LEGISTAR) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));
  const submit = submitWith(async () => {
    await importLegistar(location.code, { source: 'legistar', client: fields.client, ...(fields.since ? { since: fields.since } : {}), ...(fields.base_url.trim() ? { base_url: fields.base_url } : {}) });
    toast({ title: t('importStarted', { name: location.name }) });
    setFields(NO_LEGISTAR);
    clear();
    await queryClient.invalidateQueries({ queryKey: locationKeys.imports(location.code) });
  });
  return (
    <form onSubmit={submit} noValidate className="grid gap-2 border-t border-slate-200 pt-2" aria-label={t('legistarTitle')}>
      <h4 className="font-medium">{t('legistarTitle')}</h4>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t('legistarClient')} hint={t('legistarClientHint')} value={fields.client} onChange={set('client')} error={errors['body.client']} required />
        <Field label={t('legistarSince')} hint={t('legistarSinceHint')} type="date" value={fields.since} onChange={set('since')} error={errors['body.since']} />
        {role === 'ADMIN' && <Field label={t('legistarBaseUrl')} hint={t('legistarBaseUrlHint')} value={fields.base_url} onChange={set('base_url')} error={errors['body.base_url']} />}
      </div>
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" disabled={busy || !fields.client.trim()}>
          {t('importLegistar')}
        </Button>
      </div>
    </form>
  );
}

function ImportRow({ row }: { row: LocationImport }) {
  const { t, language } = useI18n();
  const n = (value: number | undefined) => formatNumber(value ?? 0, language);
  const running = row.job_state === 'queued' || row.job_state === 'running';
  const c = row.counts;
  return (
    <li className="grid gap-1 rounded border border-slate-200 p-2 text-sm" data-testid="city-import">
      <p className="font-medium">
        {row.parameters ? `${t('legistarImportOf', { client: row.parameters.client, since: row.parameters.since })}${row.parameters.scheduled ? ` (${t('legistarScheduled')})` : ''}` : row.files.map((f) => f.name).join(', ')} · {t(`importState_${row.job_state}`)}
        {running && ` (${row.progress}%)`}
      </p>
      {running && <progress className="w-full" max={100} value={row.progress} aria-label={t('importProgress')} />}
      {running && !!c.ocr_pages_total && <p>{t('ocrProgress', { done: n(c.ocr_pages_done), total: n(c.ocr_pages_total) })}</p>}
      {row.job_state === 'completed' && !!c.ocr_pages && <p>{t('ocrCounts', { pages: n(c.ocr_pages) })}</p>}
      {row.job_state === 'completed' && row.source === 'legistar' && (
        <p>{t('legistarCounts', { meetings: n(c.meetings), items: n(c.agenda_items), measures: n(c.measures), rollCalls: n(c.roll_calls) })}</p>
      )}
      {row.job_state === 'completed' && row.source === 'code' && !!c.vectors_total && (
        <p>
          {t(vectorsBuilding(row) ? 'vectorsBuilding' : c.vectors_failed ? 'vectorsFailed' : 'vectorsBuilt', { done: n(c.vectors), total: n(c.vectors_total) })}
          {vectorsBuilding(row) && <progress className="ml-2 align-middle" max={c.vectors_total} value={c.vectors ?? 0} aria-label={t('vectorsProgress')} />}
        </p>
      )}
      {row.job_state === 'completed' && row.source === 'agendas' && (
        <p>{t('agendaCounts', { meetings: n(c.meetings), items: n(c.agenda_items), files: n(c.files), noText: n(c.no_text_layer) })}</p>
      )}
      {row.job_state === 'completed' && row.source === 'legislation' && (
        <p>{t('legislationCounts', { measures: n(c.measures), linked: n(c.linked_to_measures), files: n(c.files), noText: n(c.no_text_layer) })}</p>
      )}
      {row.job_state === 'completed' && row.source === 'code' && (
        <p>
          {t('importCounts', {
            total: c.sections,
            sections: n(c.sections),
            added: n(c.added),
            changed: n(c.changed),
            removed: n(c.removed),
            repealed: n((c.repealed ?? 0) + (c.reserved ?? 0)),
          })}
        </p>
      )}
      {row.error && <p className="text-red-800">{row.error}</p>}
      {row.problems.length > 0 && (
        <details>
          <summary>{t('importProblems', { count: row.problems.length })}</summary>
          <ul className="list-disc pl-5">
            {row.problems.slice(0, 50).map((p, i) => (
              <li key={i}>
                {p.file}, {p.where}: {p.message}
              </li>
            ))}
          </ul>
        </details>
      )}
      {row.preview.length > 0 && (
        <details>
          <summary>{t(row.source === 'code' ? 'importPreview' : row.source === 'legislation' ? 'importPreviewMeasures' : 'importPreviewItems')}</summary>
          <ul className="grid gap-1 pl-2">
            {row.preview.map((p, i) => (
              <li key={i}>
                <span className="font-medium">
                  {p.number} {p.title}
                </span>
                {p.status !== 'in_force' && ` · ${t('notInForce')}`}
                <span className="block text-xs text-slate-700">{p.path}</span>
                <span className="block text-slate-800">{p.text.slice(0, 200)}</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}
