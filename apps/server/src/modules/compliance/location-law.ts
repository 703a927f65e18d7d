import { z } from 'zod';

/**
 * What the compliance rules need to know of a location's own law (decision 024). A location's
 * `compliance_settings` (locations table) overrides the built-in defaults of its code; the District
 * of Columbia's are built in, from the D.C. Code in data/demo and 12 DCMR:
 * - records law: D.C. Code § 2-532(c), 15 days "except Saturdays, Sundays, and legal public
 *   holidays", extendable by 10 such days in unusual circumstances; exemptions in § 2-534;
 * - open meetings: § 2-576(1), notice "not less than 48 hours or 2 business days, whichever is
 *   greater, before a meeting", except emergency meetings;
 * - model codes: the 2017 District of Columbia Construction Codes (12 DCMR), built on the 2015
 *   International Codes and the 2014 National Electrical Code.
 * A location with none of these configured gets no records-law deadline (the email says so) and
 * the open-meetings lead time of 72 hours many city charters use.
 */
const settingsSchema = z.object({
  records_law: z
    .object({
      section: z.string(),
      name: z.string(),
      days: z.number().int().positive(),
      business_days: z.boolean(),
      extension_days: z.number().int().min(0),
      exemptions_section: z.string().nullable(),
    })
    .optional(),
  open_meetings: z.object({ section: z.string().nullable(), notice_hours: z.number().positive(), notice_business_days: z.number().int().min(0) }).optional(),
  adopted_codes: z.record(z.string(), z.number().int()).optional(),
});
type Settings = z.infer<typeof settingsSchema>;
export type RecordsLaw = NonNullable<Settings['records_law']>;
export interface LocationLaw {
  records_law: RecordsLaw | null;
  open_meetings: NonNullable<Settings['open_meetings']>;
  adopted_codes: Record<string, number>;
}

const DC: LocationLaw = {
  records_law: { section: '2-532', name: 'District of Columbia Freedom of Information Act', days: 15, business_days: true, extension_days: 10, exemptions_section: '2-534' },
  open_meetings: { section: '2-576', notice_hours: 48, notice_business_days: 2 },
  adopted_codes: { IBC: 2015, IRC: 2015, IFC: 2015, IPC: 2015, IMC: 2015, IFGC: 2015, IECC: 2015, IEBC: 2015, IPMC: 2015, ISPSC: 2015, NEC: 2014 },
};
const DEFAULT: LocationLaw = { records_law: null, open_meetings: { section: null, notice_hours: 72, notice_business_days: 0 }, adopted_codes: {} as Record<string, number> };

export function locationLaw(locationCode: string, settings: unknown): LocationLaw {
  const own = settingsSchema.safeParse(settings ?? {});
  const base = locationCode.toUpperCase() === 'DC' ? DC : DEFAULT;
  const data = own.success ? own.data : {};
  return {
    records_law: data.records_law ?? base.records_law,
    open_meetings: data.open_meetings ?? base.open_meetings,
    adopted_codes: data.adopted_codes ?? base.adopted_codes,
  };
}
