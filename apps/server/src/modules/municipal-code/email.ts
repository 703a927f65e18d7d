import type { Citation, DraftEmailResponse, GenerateResponse } from '@civicdesk/contract';
import { statusOfRow } from '../../platform/retrieval/status';
import { z } from 'zod';
import { engineLabel } from '../../platform/ai';
import type { Principal } from '../../platform/auth/guard';
import type { AppContext } from '../../platform/context';
import { validationFailed } from '../../platform/errors';
import { resolveLocation } from '../../platform/tenancy';
import * as threads from '../threads/service';
import { verifyCitations, type CitableSource } from '../../platform/retrieval/citations';
import { sectionsByIds } from '../../platform/retrieval/repo';

/**
 * POST /municipal_code/draft-email: an email to a resident or a colleague built on a thread's
 * answer, citing the same sections. Citations are checked again against the code as it is now;
 * the model (when configured) writes the prose, and the checked sources are always listed under it.
 */
export async function draftEmail(
  ctx: AppContext,
  principal: Principal,
  input: { query_text: string; city_code?: string; thread_id: string; audience: 'resident' | 'colleague' },
): Promise<DraftEmailResponse> {
  const location = await resolveLocation(ctx.db, principal, { cityCode: input.city_code });
  const thread = await threads.readThread(ctx.db, principal, input.thread_id);
  const answers = thread.messages.filter((m) => m.role === 'assistant' && m.payload);
  const wanted = input.query_text.trim().toLowerCase();
  const match =
    (wanted && answers.find((m) => (m.payload as GenerateResponse).metadata?.question?.trim().toLowerCase() === wanted)) || answers.at(-1);
  if (!match) throw validationFailed('This conversation has no answer to draft an email from yet');
  const answer = match.payload as GenerateResponse;
  const question = answer.metadata?.question ?? input.query_text;
  const citations = await recheck(ctx, location.locationId, answer.analysis?.citations ?? []);

  const signature = `${principal.firstName} ${principal.lastName}\n${location.name}`;
  const subject = `Your question: ${shorten(question, 70)}`;
  const sourcesList = citations.length
    ? `\n\nSources:\n${[...new Map(citations.map((c) => [c.number, c])).values()].map((c) => `- ${c.number} ${c.title}${c.source_url ? ` (${c.source_url})` : ''}`).join('\n')}`
    : '';

  if (ctx.ai.name !== 'offline' && citations.length) {
    const drafted = await ctx.ai.answer({
      task: 'answer',
      question: `Write the body of an email to a ${input.audience} answering: "${question}". Plain, courteous, under 200 words, no greeting line placeholders, no signature. Quote the sources where it helps.`,
      sources: citations.map((c, i) => ({ id: `c${i}`, label: c.number, title: c.title, text: c.quote })),
    });
    if (drafted.engine !== 'offline' && drafted.text) {
      const body = `${greeting(input.audience)}\n\n${drafted.text}${sourcesList}\n\n${DISCLAIMER}\n\nSincerely,\n${signature}`;
      return { success: true, subject, body, citations, engine: drafted.engine, engine_label: engineLabel(drafted) };
    }
  }

  const quoted = citations.map((c) => `${c.number} (${c.title}) provides:\n“${c.quote}”`).join('\n\n');
  const middle = citations.length
    ? `The ${location.name} code addresses this.\n\n${quoted}`
    : `I could not find a provision of the ${location.name} code that answers this directly. I will look into it further and follow up.`;
  const body = `${greeting(input.audience)}\n\nThank you for your question: “${question}”.\n\n${middle}${sourcesList}\n\n${DISCLAIMER}\n\nSincerely,\n${signature}`;
  return { success: true, subject, body, citations, engine: 'offline', engine_label: engineLabel({ engine: 'offline', model: null }) };
}

const DISCLAIMER = 'This message summarizes the code for your information; it is not legal advice.';

const greeting = (audience: 'resident' | 'colleague') => (audience === 'resident' ? 'Dear resident,' : 'Hello,');

function shorten(text: string, max: number) {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length <= max ? clean : `${clean.slice(0, max - 1).trimEnd()}…`;
}

const storedCitation = z.object({ kind: z.string(), source_id: z.string(), quote: z.string() });

/** Code citations stay only if the section still says the quote and is in force; others are kept as given. */
async function recheck(ctx: AppContext, locationId: string, stored: unknown[]): Promise<Citation[]> {
  const given = stored.flatMap((c) => (storedCitation.safeParse(c).success ? [c as Citation] : []));
  const codeIds = given.filter((c) => c.kind === 'code_section').map((c) => c.source_id);
  const rows = await sectionsByIds(ctx.db, locationId, codeIds);
  const sources = new Map<string, CitableSource>(
    rows.map((r) => [r.id, { id: r.id, kind: 'code_section', number: r.number, title: r.title, text: r.text, status: statusOfRow(r.status), sourceUrl: r.sourceUrl }]),
  );
  const checked = verifyCitations(given.filter((c) => c.kind === 'code_section').map((c) => ({ sourceId: c.source_id, quote: c.quote })), sources).citations;
  return [...checked, ...given.filter((c) => c.kind !== 'code_section')];
}
