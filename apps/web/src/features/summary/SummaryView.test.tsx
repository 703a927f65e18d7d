import { describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MinutesRecord, Motion } from '@civicdesk/contract';
import { minutesKeys } from '../../api/minutes';
import { SummaryView } from './SummaryView';

const TEXT = [
  'Motion by Councilmember Alvarez, seconded by Councilmember Brooks, to approve Bill 26-677. Motion carried 5-2.',
  'Motion by Councilmember Chen to amend the motion by striking section 3. The amendment failed.',
  'Ms. Renee Castillo spoke about sidewalk robots.',
].join('\n');

const spanOf = (quote: string) => {
  const start = TEXT.indexOf(quote);
  return { start, end: start + quote.length, quote };
};

const motion = (quote: string, patch: Partial<Motion>): Motion => ({
  text: quote,
  mover: null,
  seconder: null,
  item: null,
  link: null,
  amends: null,
  outcome: 'unknown',
  vote_kind: 'unknown',
  tally: null,
  votes: [],
  span: spanOf(quote),
  ...patch,
});

const RECORD: MinutesRecord = {
  id: 'm1',
  title: 'Legislative meeting',
  source: 'text',
  filename: null,
  job_state: 'completed',
  progress: 100,
  error: null,
  has_text: true,
  ocr: null,
  engine: 'offline',
  text: TEXT,
  result: {
    meeting: { body: 'Council', meeting_type: null, date: 'May 5, 2026', time: null, place: null, presiding: null, present: [], absent: [], quorum: true },
    motions: [
      motion(TEXT.split('\n')[0], {
        mover: 'Alvarez',
        seconder: 'Brooks',
        item: 'B26-0677',
        outcome: 'carried',
        vote_kind: 'roll_call',
        tally: { aye: 5, nay: 2, abstain: 0, absent: 0, recused: 0 },
        votes: [{ member: 'Foster', vote: 'nay' }],
        link: { kind: 'agenda_item', id: 'dc-lm-2026-05-05-19', agenda_id: 'dc-lm-2026-05-05', title: 'Personal Delivery Device Act', file_number: 'B26-0677' },
      }),
      motion('Motion by Councilmember Chen to amend the motion by striking section 3.', { mover: 'Chen', amends: 0, outcome: 'failed', vote_kind: 'voice' }),
    ],
    actions: [],
    public_comment: [{ speaker: 'Renee Castillo', topic: 'sidewalk robots', span: spanOf('Ms. Renee Castillo spoke about sidewalk robots.') }],
    continued: [],
    next_meeting: null,
    narrative: [],
    dropped_spans: 2,
    notice: 'The model could not read the minutes (timeout); the built-in reading is shown.',
  },
  followups: [],
  created_at: '2026-05-05T15:00:00Z',
  completed_at: '2026-05-05T15:00:01Z',
};

function renderSummary(record: MinutesRecord = RECORD) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Infinity, retry: false } } });
  client.setQueryData(minutesKeys.record(record.id), record);
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <SummaryView minutesId={record.id} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const motionCard = (name: RegExp) => screen.getByRole('heading', { level: 4, name }).closest('li')!;

describe('<SummaryView>', () => {
  it('shows each motion with its outcome, tally, vote kind and votes, the engine that answered and why some is missing', () => {
    renderSummary();
    const main = motionCard(/^Motion 1/);
    expect(within(main).getByText('Carried 5–2')).toBeTruthy();
    expect(within(main).getByText('Roll call vote')).toBeTruthy();
    expect(within(within(main).getByRole('table', { name: 'Votes on motion 1' })).getByRole('row', { name: /Foster/ }).textContent).toContain('Nay');
    expect(screen.getByText('Summarized by: the built-in offline engine')).toBeTruthy();
    expect(screen.getByText('2 elements dropped because their source did not hold them')).toBeTruthy();
    expect(screen.getByText('The model could not read the minutes (timeout); the built-in reading is shown.')).toBeTruthy();
  });

  it('links a motion to its agenda item and puts an amendment under the motion it amends', () => {
    renderSummary();
    const main = motionCard(/^Motion 1/);
    const link = within(main).getByRole('link', { name: 'Open agenda item' });
    expect(link.getAttribute('href')).toBe('/agenda/dc-lm-2026-05-05#item-dc-lm-2026-05-05-19');
    const amendment = motionCard(/^Motion 2/);
    expect(main.contains(amendment)).toBe(true);
    expect(within(amendment).getByText('Amendment to motion 1')).toBeTruthy();
    expect(within(amendment).getByText('Failed')).toBeTruthy();
    // A failed amendment changed nothing: the motion was decided as moved.
    expect(within(main).queryByTestId('motion-as-amended')).toBeNull();
  });

  it('says a motion was decided as an adopted amendment changed it', () => {
    const [main, amendment] = RECORD.result!.motions;
    renderSummary({ ...RECORD, result: { ...RECORD.result!, motions: [main, { ...amendment, outcome: 'carried' }] } });
    expect(within(motionCard(/^Motion 1/)).getByTestId('motion-as-amended').textContent).toBe('Decided as amended by motion 2 (below): the words above are as first moved.');
  });

  it('lists public comment by speaker and topic', () => {
    renderSummary();
    const comment = screen.getByRole('button', { name: /^Renee Castillo/ }).closest('li')!;
    expect(comment.textContent).toContain('sidewalk robots');
  });

  it('highlights an element’s words when it is chosen, and chooses the element whose words are clicked', () => {
    renderSummary();
    const region = screen.getByRole('region', { name: 'Minutes text' });
    fireEvent.click(within(motionCard(/^Motion 1/)).getByRole('button', { name: /^Motion 1/ }));
    const active = region.querySelectorAll('mark[data-active]');
    expect([...active].map((mark) => mark.textContent).join('')).toBe(RECORD.result!.motions[0].span.quote);
    expect(document.activeElement).toBe(active[0]);
    expect(motionCard(/^Motion 1/).getAttribute('aria-current')).toBe('true');

    fireEvent.click(within(region).getByText('Ms. Renee Castillo spoke about sidewalk robots.'));
    const comment = screen.getByRole('button', { name: /^Renee Castillo/ });
    expect(comment.closest('li')!.getAttribute('aria-current')).toBe('true');
    expect(document.activeElement).toBe(comment);
    expect(motionCard(/^Motion 1/).getAttribute('aria-current')).toBeNull();
  });

  it('says plainly why there is nothing to summarize', () => {
    renderSummary({ ...RECORD, result: null, text: '', has_text: false, error: 'This file has no text layer (a scanned document?): there is nothing to summarize.' });
    expect(screen.getByRole('alert').textContent).toContain('no text layer');
  });

  it('says a scan was read by OCR, how sure it was, and which pages to check; says nothing of OCR otherwise', () => {
    renderSummary({ ...RECORD, ocr: { pages: 3, page_count: 3, mean_confidence: 86.4, low_confidence_pages: [2] } });
    expect(screen.getByTestId('minutes-ocr').textContent).toBe('This file is a scan: its text was read by OCR (3 of 3 pages, mean confidence 86%). Check names and figures against the scan. Read with low confidence: pages 2.');
    cleanup();
    renderSummary();
    expect(screen.queryByTestId('minutes-ocr')).toBeNull();
  });
});
