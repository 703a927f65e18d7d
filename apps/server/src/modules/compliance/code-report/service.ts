import { randomUUID } from 'node:crypto';
import type { CodeFinding, CodeReport, CodeRule, CodeRunSummary } from '@civicdesk/contract';
import type { Principal } from '../../../platform/auth/guard';
import type { AppContext } from '../../../platform/context';
import { notFound } from '../../../platform/errors';
import { isInForce } from '../../../platform/retrieval';
import { statusOfRow } from '../../../platform/retrieval/status';
import { resolveLocation } from '../../../platform/tenancy';
import { citySettings } from '../../locations/settings';
import * as repo from './repo';
import { checkSection, type CodeRuleFinding, duplicateFinding, duplicateNumbers, type CodeIndexOfKeys } from './rules';

/**
 * The Code Compliance report (decision 024): a run checks every section of a location's code as a
 * job, keeps its findings, and is compared with the run before it. Runs start on demand and on
 * import (at start-up, when the code changed since the last run). A run is a location's, visible to
 * its users with CODE_COMPLIANCE_REPORT (an ADMIN: any location's).
 */
export const CODE_RUN_JOB = 'code-compliance-run';
const PAGE = 200;

const RULE_LABELS: Record<CodeRule, string> = {
  reference_unknown: 'Reference to a section that does not exist',
  reference_repealed: 'Reference to a section not in force',
  model_code_edition: 'Model code edition differs from the one adopted',
  duplicate_number: 'Section number used twice',
  malformed_number: 'Malformed section number',
  empty_text: 'Section in force without text',
};

interface RunSummary {
  sections_checked: number;
  counts: Record<string, number>;
  total: number;
  new_count: number;
  resolved_count: number;
  code_version: string;
}

export function presentRun(row: repo.RunRow, locationCode: string): CodeRunSummary {
  const s = (row.summary ?? {}) as Partial<RunSummary>;
  return {
    run_id: row.id,
    location_code: locationCode,
    trigger: row.trigger as CodeRunSummary['trigger'],
    job_state: row.jobState as CodeRunSummary['job_state'],
    progress: row.progress,
    error: row.error,
    previous_run_id: row.previousRunId,
    sections_checked: s.sections_checked ?? 0,
    counts: s.counts ?? {},
    total: s.total ?? 0,
    new_count: s.new_count ?? 0,
    resolved_count: s.resolved_count ?? 0,
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

export function presentCodeFinding(row: repo.CodeFindingRow): CodeFinding {
  return {
    id: row.id,
    fingerprint: row.fingerprint,
    rule: row.rule as CodeRule,
    rule_label: RULE_LABELS[row.rule as CodeRule] ?? row.rule,
    severity: row.severity as CodeFinding['severity'],
    section_id: row.sectionId,
    section_number: row.sectionNumber,
    section_title: row.sectionTitle,
    start: row.start,
    end: row.end,
    quote: row.quote,
    target: row.target,
    model_code: row.modelCode,
    explanation: row.explanation,
    suggestion: row.suggestion,
  };
}

/** Queues a run of a location's code unless one is already queued or running (then that one is answered). */
export async function queueRun(ctx: AppContext, locationId: string, trigger: 'on_demand' | 'import', requestedBy: string | null): Promise<repo.RunRow> {
  const active = await repo.activeRun(ctx.db, locationId);
  if (active) return active;
  const [previous] = (await repo.runsOf(ctx.db, [locationId], 20)).filter((r) => r.jobState === 'completed');
  const id = randomUUID();
  await repo.insertRun(ctx.db, { id, locationId, trigger, requestedBy, jobState: 'queued', previousRunId: previous?.id ?? null });
  const jobId = await ctx.jobs.send(CODE_RUN_JOB, { runId: id });
  await repo.setRunJob(ctx.db, id, jobId);
  return (await repo.runById(ctx.db, id))!;
}

export async function startRun(ctx: AppContext, principal: Principal, locationCode: string) {
  const location = await resolveLocation(ctx.db, principal, { cityCode: locationCode });
  return { run: presentRun(await queueRun(ctx, location.locationId, 'on_demand', principal.userId), location.code) };
}

export async function codeReport(ctx: AppContext, principal: Principal, id: string, query: { run_id?: string; rule?: CodeRule; limit: number; skip: number }): Promise<CodeReport> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: id });
  const runs = await repo.runsOf(ctx.db, [location.locationId]);
  const run = query.run_id ? runs.find((r) => r.id === query.run_id) : (runs.find((r) => r.jobState === 'completed') ?? runs[0]);
  if (query.run_id && !run) throw notFound('Code Compliance run');
  const empty = { previous_run_id: null, new: [], resolved: [] };
  let findings: CodeFinding[] = [];
  let total = 0;
  let diff: CodeReport['diff'] = empty;
  if (run?.jobState === 'completed') {
    const page = await repo.findingsOfRun(ctx.db, run.id, { rule: query.rule, limit: query.limit, skip: query.skip });
    findings = page.rows.map(presentCodeFinding);
    total = page.total;
    diff = await diffOf(ctx, run);
  }
  return {
    location_code: location.code,
    location_name: location.name,
    adopted_codes: citySettings(location).adopted_codes,
    run: run ? presentRun(run, location.code) : null,
    runs: runs.map((r) => presentRun(r, location.code)),
    findings,
    findings_total: total,
    diff,
  };
}

/** New and resolved findings against the run before (at most 500 of each). */
async function diffOf(ctx: AppContext, run: repo.RunRow): Promise<CodeReport['diff']> {
  if (!run.previousRunId) return { previous_run_id: null, new: [], resolved: [] };
  const [now, before] = await Promise.all([repo.fingerprintsOf(ctx.db, run.id), repo.fingerprintsOf(ctx.db, run.previousRunId)]);
  const added = [...now].filter((f) => !before.has(f));
  const gone = [...before].filter((f) => !now.has(f));
  return {
    previous_run_id: run.previousRunId,
    new: (await repo.findingsByFingerprints(ctx.db, run.id, added)).map(presentCodeFinding),
    resolved: (await repo.findingsByFingerprints(ctx.db, run.previousRunId, gone)).map(presentCodeFinding),
  };
}

/** The run itself: every section, a page at a time (so the server keeps answering), then one write. */
export async function executeRun(ctx: AppContext, runId: string) {
  const run = await repo.runById(ctx.db, runId);
  if (!run || (run.jobState !== 'queued' && run.jobState !== 'running')) return;
  const location = await repo.locationById(ctx.db, run.locationId);
  if (!location) throw new Error('The run\'s location no longer exists');
  await repo.setRunProgress(ctx.db, runId, 1);
  const version = await repo.codeVersion(ctx.db, location.id);
  const keyRows = await repo.codeKeys(ctx.db, location.id);
  const keys: CodeIndexOfKeys = new Map();
  // Stored keys are `sectionNumberKey`'s, as citations are read ("28:2A-101" is cited as "28:2a-101").
  for (const k of keyRows) {
    const inForce = isInForce({ status: statusOfRow(k.status), text: k.head });
    const known = keys.get(k.numberKey);
    // A number shared by a repealed and a living section refers to the living one.
    if (!known || (!known.inForce && inForce)) keys.set(k.numberKey, { inForce, number: k.number });
  }
  const duplicates = duplicateNumbers(keyRows);
  const settings = citySettings(location);
  const adopted = settings.adopted_codes;
  const name = settings.drafting.code_name;
  const findings: CodeRuleFinding[] = [];
  let checked = 0;
  for await (const page of repo.sectionsInOrder(ctx.db, location.id, PAGE)) {
    for (const s of page) {
      const section = { ...s, inForce: isInForce({ status: statusOfRow(s.status), text: s.text }) };
      findings.push(...checkSection(section, keys, adopted, name));
      if (duplicates.has(section.numberKey)) findings.push(duplicateFinding(section));
    }
    checked += page.length;
    await repo.setRunProgress(ctx.db, runId, Math.min(95, Math.round((checked / Math.max(1, keyRows.length)) * 95)));
  }
  const counts: Record<string, number> = {};
  for (const f of findings) counts[f.rule] = (counts[f.rule] ?? 0) + 1;
  let newCount = findings.length;
  let resolvedCount = 0;
  if (run.previousRunId) {
    const before = await repo.fingerprintsOf(ctx.db, run.previousRunId);
    const now = new Set(findings.map((f) => f.fingerprint));
    newCount = [...now].filter((f) => !before.has(f)).length;
    resolvedCount = [...before].filter((f) => !now.has(f)).length;
  }
  const summary: RunSummary = { sections_checked: checked, counts, total: findings.length, new_count: newCount, resolved_count: resolvedCount, code_version: version };
  await repo.completeRun(ctx.db, runId, findings, summary);
}

/** "On import": a location whose code changed since its last run gets a run. */
export async function queueRunsForChangedCode(ctx: AppContext) {
  for (const location of await repo.codeLocations(ctx.db)) {
    const [latest] = await repo.runsOf(ctx.db, [location.id], 1);
    const version = await repo.codeVersion(ctx.db, location.id);
    if (version.startsWith('0:')) continue;
    if (latest && (latest.summary as Partial<RunSummary> | null)?.code_version === version) continue;
    if (latest && (latest.jobState === 'queued' || latest.jobState === 'running')) continue;
    await queueRun(ctx, location.id, 'import', null);
  }
}

const MODEL_CODE_IDS = new Set(['IBC', 'IRC', 'IFC', 'IPC', 'IMC', 'IFGC', 'IECC', 'IEBC', 'IPMC', 'ISPSC', 'NEC']);

/**
 * GET /compliance/location/reports/{key}: by a state code, the latest run of each location of that
 * state the caller may see; by a model code's id (IBC, NEC...), the findings about that code in
 * the latest completed run of each of those locations.
 */
export async function locationReports(ctx: AppContext, principal: Principal, key: string) {
  const upper = key.trim().toUpperCase();
  const isModelCode = MODEL_CODE_IDS.has(upper);
  const candidates = isModelCode ? await repo.codeLocations(ctx.db) : await repo.locationsOfState(ctx.db, upper);
  const visible = candidates.filter((l) => principal.role === 'ADMIN' || l.id === principal.locationId);
  if (!visible.length) throw notFound(isModelCode ? 'Code Compliance report' : 'State');
  const runs = await repo.runsOf(ctx.db, visible.map((l) => l.id), 500);
  const reports: (CodeRunSummary & { location_name: string })[] = [];
  const findings: CodeFinding[] = [];
  for (const location of visible) {
    const latest = runs.find((r) => r.locationId === location.id && r.jobState === 'completed') ?? runs.find((r) => r.locationId === location.id);
    if (!latest) continue;
    reports.push({ ...presentRun(latest, location.code), location_name: location.name });
    if (isModelCode && latest.jobState === 'completed') {
      findings.push(...(await repo.findingsOfRun(ctx.db, latest.id, { modelCode: upper, limit: 500, skip: 0 })).rows.map(presentCodeFinding));
    }
  }
  return { kind: isModelCode ? ('building_code' as const) : ('state' as const), key: upper, reports, findings };
}

export function defineCodeReportJobs(ctx: AppContext) {
  ctx.jobs.define<{ runId: string }>(
    CODE_RUN_JOB,
    async ({ runId }, job) => {
      try {
        await executeRun(ctx, runId);
      } catch (err) {
        if (job.lastAttempt) await repo.failRun(ctx.db, runId, 'The run could not be completed. Start it again, or contact support if it fails again.');
        throw err;
      }
    },
    { retryLimit: 2, expireInSeconds: 600 },
  );
  ctx.jobs.onStarted(() => queueRunsForChangedCode(ctx));
}
