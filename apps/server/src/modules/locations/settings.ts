import {
  adoptedCodesSchema,
  councilMembersSchema,
  draftingFormSchema,
  holidaysRegionSchema,
  type LocationSettings,
  openMeetingsSchema,
  recordsLawSchema,
  type UpdateLocationSettings,
  updateLocationSettingsSchema,
} from '@civicdesk/contract';
import { z } from 'zod';
import { validationFailed } from '../../platform/errors';
import { holidayStates } from '../compliance/calendar';

/**
 * A city's own law and forms (issue 21; decisions 024 and 033), read by every tool instead of the
 * District's: what the city set (`locations.settings`), else the built-in defaults of its code. The
 * District's are built in, from the D.C. Code in data/demo and 12 DCMR:
 * - records law: D.C. Code § 2-532(c), 15 days "except Saturdays, Sundays, and legal public
 *   holidays", extendable by 10 such days in unusual circumstances; exemptions in § 2-534;
 * - open meetings: § 2-576(1), notice "not less than 48 hours or 2 business days, whichever is
 *   greater, before a meeting", except emergency meetings;
 * - model codes: the 2017 District of Columbia Construction Codes (12 DCMR), built on the 2015
 *   International Codes and the 2014 National Electrical Code;
 * - drafting: the Council's bill and resolution forms.
 * Any other city starts with no records law (records-request e-mails name no deadline and say so),
 * the open-meetings lead time of 72 hours many city charters use, no model codes, the city form of
 * an ordinance and a resolution in its own name, and its state's legal holidays.
 */
export type RecordsLaw = NonNullable<LocationSettings['records_law']>;
export type CitySettings = Omit<LocationSettings, 'customised'>;
/** What the compliance rules read of it (decision 024). */
export type LocationLaw = Pick<CitySettings, 'records_law' | 'open_meetings' | 'adopted_codes'>;
export type DraftingForm = CitySettings['drafting'];

export interface SettingsOwner {
  code: string;
  name: string;
  stateCode: string;
  /** `locations.settings` as stored. */
  settings: unknown;
}

const DC_SETTINGS: Omit<CitySettings, 'holidays_region' | 'drafting'> = {
  records_law: { section: '2-532', name: 'District of Columbia Freedom of Information Act', days: 15, business_days: true, extension_days: 10, exemptions_section: '2-534' },
  open_meetings: { section: '2-576', notice_hours: 48, notice_business_days: 2 },
  adopted_codes: { IBC: 2015, IRC: 2015, IFC: 2015, IPC: 2015, IMC: 2015, IFGC: 2015, IECC: 2015, IEBC: 2015, IPMC: 2015, ISPSC: 2015, NEC: 2014 },
  drafting_form: 'dc',
  council_members: [],
};

/** The city as a council names itself: "Springfield", "the City of Oakland", "the City and County of San Francisco". */
const cityOf = (name: string) => (/^(?:city|town|village|county|borough|district)\b/i.test(name) ? `the ${name}` : name);

function defaultsOf(owner: SettingsOwner): CitySettings {
  const dc = owner.code.toUpperCase() === 'DC';
  const city = cityOf(owner.name);
  const drafting = dc
    ? { council: 'the Council of the District of Columbia', ordinance_enacting_clause: 'BE IT ENACTED BY THE COUNCIL OF THE DISTRICT OF COLUMBIA', resolution_clause: 'RESOLVED, BY THE COUNCIL OF THE DISTRICT OF COLUMBIA', code_name: 'the District of Columbia Official Code', section_reference: null }
    : {
        council: `the City Council of ${city}`,
        ordinance_enacting_clause: `NOW, THEREFORE, THE CITY COUNCIL OF ${city.toUpperCase()} DOES ORDAIN AS FOLLOWS:`,
        resolution_clause: `NOW, THEREFORE, BE IT RESOLVED by the City Council of ${city}:`,
        // As the city's name is written ("the City of Example Municipal Code"); a city whose code has another name sets it.
        code_name: `the ${owner.name} Municipal Code`,
        section_reference: null,
      };
  if (dc) return { ...DC_SETTINGS, drafting, holidays_region: 'DC' };
  return {
    records_law: null,
    open_meetings: { section: null, notice_hours: 72, notice_business_days: 0 },
    adopted_codes: {},
    drafting_form: 'city',
    drafting,
    council_members: [],
    holidays_region: owner.stateCode.toUpperCase(),
  };
}

const knownRegion = (region: string) => holidayStates().has(region);
const unknownRegion = (region: string) =>
  `No legal holidays are known for “${region}”: use a state’s two-letter code, e.g. MD or US-MD; known: ${[...holidayStates()].join(', ')}`;

/**
 * What a city stored: each setting checked on its own by today's rules for a change, so one a later
 * version no longer accepts (a council name holding a line break, a holidays region the calendar does
 * not know, both stored before these rules) falls back to the default alone and never reaches a bill
 * or a due date.
 */
const STORED = {
  records_law: recordsLawSchema,
  open_meetings: openMeetingsSchema,
  adopted_codes: adoptedCodesSchema,
  drafting: draftingFormSchema,
  council_members: councilMembersSchema,
  holidays_region: holidaysRegionSchema.refine(knownRegion),
} satisfies Partial<Record<keyof CitySettings, z.ZodType>>;
type StoredKey = keyof typeof STORED;

function storedOf(settings: unknown): Partial<Pick<CitySettings, StoredKey>> {
  const raw = settings && typeof settings === 'object' && !Array.isArray(settings) ? (settings as Record<string, unknown>) : {};
  const own: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(STORED)) {
    if (!(key in raw)) continue;
    const parsed = schema.safeParse(raw[key]);
    if (parsed.success) own[key] = parsed.data;
  }
  return own as Partial<Pick<CitySettings, StoredKey>>;
}

/** Every setting of the city: its own where it set one, the defaults elsewhere. */
export function citySettings(owner: SettingsOwner): CitySettings {
  const own = storedOf(owner.settings);
  // A form stored before the section reference was a setting has none: the default form.
  return { ...defaultsOf(owner), ...own, ...(own.drafting ? { drafting: { ...own.drafting, section_reference: own.drafting.section_reference ?? null } } : {}) };
}

/** The settings as GET /location/{code}/settings answers them: which are the city's own is said. */
export function presentSettings(owner: SettingsOwner): LocationSettings {
  return { ...citySettings(owner), customised: Object.keys(storedOf(owner.settings)).sort() };
}

/** The stored settings after a PUT: a given setting replaces the city's, `null` removes it (the default again). */
export function mergeSettings(stored: unknown, change: UpdateLocationSettings): Record<string, unknown> {
  const next: Record<string, unknown> = { ...storedOf(stored) };
  const parsed = updateLocationSettingsSchema.parse(change);
  // The library's list is the server's to load (the contract, read by the web app too, checks the form).
  if (parsed.holidays_region && !knownRegion(parsed.holidays_region)) {
    throw validationFailed('The request is not valid', [{ field: 'body.holidays_region', message: unknownRegion(parsed.holidays_region) }]);
  }
  for (const [key, value] of Object.entries(parsed)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next;
}

/** The compliance rules' view (decision 024). */
export function locationLaw(owner: SettingsOwner): LocationLaw {
  const s = citySettings(owner);
  return { records_law: s.records_law, open_meetings: s.open_meetings, adopted_codes: s.adopted_codes };
}
