import { useEffect, useId, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_SECTION_REFERENCE, type Location, type LocationSettings, type UpdateLocationSettings } from '@civicdesk/contract';
import { api } from '../../api/client';
import { Field } from '../../components/field';
import { FormError } from '../../components/form-error';
import { QueryState } from '../../components/query-state';
import { Button } from '../../components/ui/button';
import { Label } from '../../components/ui/label';
import { Textarea } from '../../components/ui/textarea';
import { toast } from '../../components/ui/use-toast';
import { useI18n } from '../../lib/i18n';
import { useSubmission } from '../../lib/use-submission';

const settingsKey = (code: string) => ['locations', code, 'settings'] as const;
const settingsPath = (code: string) => `/location/${encodeURIComponent(code)}/settings`;

/** The form's fields: text as typed, turned into the request on save. */
interface Draft {
  lawSection: string;
  lawName: string;
  lawDays: string;
  lawBusinessDays: boolean;
  lawExtension: string;
  lawExemptions: string;
  council: string;
  enacting: string;
  resolving: string;
  codeName: string;
  sectionReference: string;
  members: string;
  codes: string;
  holidays: string;
}

const draftOf = (s: LocationSettings): Draft => ({
  lawSection: s.records_law?.section ?? '',
  lawName: s.records_law?.name ?? '',
  lawDays: s.records_law ? String(s.records_law.days) : '',
  lawBusinessDays: s.records_law?.business_days ?? true,
  lawExtension: s.records_law ? String(s.records_law.extension_days) : '0',
  lawExemptions: s.records_law?.exemptions_section ?? '',
  council: s.drafting.council,
  enacting: s.drafting.ordinance_enacting_clause,
  resolving: s.drafting.resolution_clause,
  codeName: s.drafting.code_name,
  sectionReference: s.drafting.section_reference ?? '',
  members: s.council_members.join('\n'),
  codes: Object.entries(s.adopted_codes)
    .map(([code, year]) => `${code} ${year}`)
    .join('\n'),
  holidays: s.holidays_region,
});

/** "IBC 2018" per line -> {IBC: 2018}; a line that is not "CODE YEAR" is sent as it is, for the server to refuse. */
function codesOf(text: string): Record<string, number> {
  const codes: Record<string, number> = {};
  for (const line of text.split('\n').map((l) => l.trim()).filter(Boolean)) {
    const match = line.match(/^(\S+)\s+(\d{4})$/);
    codes[match ? match[1] : line] = match ? Number(match[2]) : Number.NaN;
  }
  return codes;
}

function requestOf(d: Draft): UpdateLocationSettings {
  return {
    // No statute named: no records law (a request e-mail then names no deadline).
    records_law: d.lawSection.trim()
      ? { section: d.lawSection, name: d.lawName, days: Number(d.lawDays), business_days: d.lawBusinessDays, extension_days: Number(d.lawExtension || 0), exemptions_section: d.lawExemptions.trim() || null }
      : null,
    drafting: { council: d.council, ordinance_enacting_clause: d.enacting, resolution_clause: d.resolving, code_name: d.codeName, section_reference: d.sectionReference.trim() || null },
    council_members: d.members.split('\n').map((m) => m.trim()).filter(Boolean),
    adopted_codes: codesOf(d.codes),
    holidays_region: d.holidays,
  };
}

/** A city's own law and forms (ADMIN, or the city's SUPERUSER): what every tool reads instead of the District's. */
export function CitySettings({ location }: { location: Location }) {
  const { t } = useI18n();
  const [open, setOpen] = useState(false);
  const settings = useQuery({ queryKey: settingsKey(location.code), queryFn: ({ signal }) => api.get<LocationSettings>(settingsPath(location.code), signal), enabled: open });
  return (
    <details className="rounded-md border border-slate-200 p-2" onToggle={(e) => setOpen((e.target as HTMLDetailsElement).open)}>
      <summary className="cursor-pointer font-medium">{t('citySettingsOf', { name: location.name })}</summary>
      {open && <QueryState query={settings}>{(data) => <SettingsForm location={location} settings={data} />}</QueryState>}
    </details>
  );
}

function SettingsForm({ location, settings }: { location: Location; settings: LocationSettings }) {
  const { t } = useI18n();
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(() => draftOf(settings));
  useEffect(() => setDraft(draftOf(settings)), [settings]);
  const { busy, error, errors, submitWith } = useSubmission();
  const set = (name: keyof Draft) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: e.target.value }));
  const ids = { members: useId(), codes: useId(), days: useId() };
  const submit = submitWith(async () => {
    const saved = await api.put<LocationSettings>(settingsPath(location.code), requestOf(draft));
    queryClient.setQueryData(settingsKey(location.code), saved);
    toast({ variant: 'success', title: t('citySettingsSaved', { name: location.name }) });
  });
  return (
    <form onSubmit={submit} noValidate className="mt-2 grid gap-4 text-sm">
      <p className="text-slate-700">{t('citySettingsIntro')}</p>
      <fieldset className="grid gap-3">
        <legend className="font-semibold">{t('recordsLaw')}</legend>
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={t('recordsLawSection')} hint={t('recordsLawSectionHint')} value={draft.lawSection} onChange={set('lawSection')} error={errors['body.records_law.section']} />
          <Field label={t('recordsLawName')} value={draft.lawName} onChange={set('lawName')} error={errors['body.records_law.name']} />
          <Field label={t('recordsLawDays')} type="number" min={1} value={draft.lawDays} onChange={set('lawDays')} error={errors['body.records_law.days']} />
          <div className="grid gap-1.5">
            <Label htmlFor={ids.days}>{t('recordsLawCounting')}</Label>
            <select id={ids.days} className="h-9 rounded-md border border-slate-300 px-2" value={draft.lawBusinessDays ? 'business' : 'calendar'} onChange={(e) => setDraft((d) => ({ ...d, lawBusinessDays: e.target.value === 'business' }))}>
              <option value="business">{t('countBusinessDays')}</option>
              <option value="calendar">{t('countCalendarDays')}</option>
            </select>
          </div>
          <Field label={t('recordsLawExtension')} type="number" min={0} value={draft.lawExtension} onChange={set('lawExtension')} error={errors['body.records_law.extension_days']} />
          <Field label={t('recordsLawExemptions')} value={draft.lawExemptions} onChange={set('lawExemptions')} error={errors['body.records_law.exemptions_section']} />
          <Field label={t('holidaysRegion')} hint={t('holidaysRegionHint')} value={draft.holidays} onChange={set('holidays')} error={errors['body.holidays_region']} />
        </div>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="font-semibold">{t('draftingForm')}</legend>
        <Field label={t('draftingCouncil')} value={draft.council} onChange={set('council')} error={errors['body.drafting.council']} />
        <Field label={t('draftingEnacting')} value={draft.enacting} onChange={set('enacting')} error={errors['body.drafting.ordinance_enacting_clause']} />
        <Field label={t('draftingResolving')} value={draft.resolving} onChange={set('resolving')} error={errors['body.drafting.resolution_clause']} />
        <Field label={t('draftingCodeName')} value={draft.codeName} onChange={set('codeName')} error={errors['body.drafting.code_name']} />
        <Field
          label={t('draftingSectionReference')}
          hint={t('draftingSectionReferenceHint')}
          value={draft.sectionReference}
          placeholder={DEFAULT_SECTION_REFERENCE}
          onChange={set('sectionReference')}
          error={errors['body.drafting.section_reference']}
        />
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={ids.members}>{t('councilMembers')}</Label>
          <Textarea id={ids.members} rows={5} value={draft.members} onChange={set('members')} aria-describedby={`${ids.members}-hint`} />
          <p id={`${ids.members}-hint`} className="text-xs text-slate-600">
            {errors['body.council_members'] ?? t('councilMembersHint')}
          </p>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={ids.codes}>{t('adoptedCodes')}</Label>
          <Textarea id={ids.codes} rows={5} value={draft.codes} onChange={set('codes')} aria-describedby={`${ids.codes}-hint`} />
          <p id={`${ids.codes}-hint`} className="text-xs text-slate-600">
            {Object.entries(errors).find(([k]) => k.startsWith('body.adopted_codes'))?.[1] ?? t('adoptedCodesHint')}
          </p>
        </div>
      </div>
      <FormError>{error}</FormError>
      <div>
        <Button type="submit" disabled={busy}>
          {t('saveCitySettings')}
        </Button>
      </div>
    </form>
  );
}
