import { describe, expect, it } from 'vitest';
import type { MinutesRecord, Motion } from '@civicdesk/contract';
import { elementSpans, groupMotions, linkHref } from './summary-elements';

const span = (start: number, end: number) => ({ start, end, quote: 'x'.repeat(end - start) });

function motion(patch: Partial<Motion> = {}): Motion {
  return {
    text: 'Motion to approve.',
    mover: null,
    seconder: null,
    item: null,
    link: null,
    amends: null,
    outcome: 'carried',
    vote_kind: 'voice',
    tally: null,
    votes: [],
    span: span(0, 5),
    ...patch,
  };
}

describe('groupMotions', () => {
  const grouped = (motions: Motion[]) => groupMotions(motions).map((g) => [g.index, g.amendments.map((a) => [a.index, a.amends])]);

  it('keeps main motions in order, each amendment under the motion it amends', () => {
    expect(grouped([motion(), motion({ amends: 0 }), motion(), motion({ amends: 0 })])).toEqual([
      [0, [[1, 0], [3, 0]]],
      [2, []],
    ]);
  });

  it('puts an amendment to an amendment under the main motion, still naming the motion it amends', () => {
    expect(grouped([motion(), motion({ amends: 0 }), motion({ amends: 1 })])).toEqual([[0, [[1, 0], [2, 1]]]]);
  });

  it('leaves on its own a motion whose `amends` names no other motion, or a loop', () => {
    expect(grouped([motion({ amends: 7 }), motion({ amends: 1 }), motion({ amends: -1 })])).toEqual([[0, []], [1, []], [2, []]]);
    expect(groupMotions([motion({ amends: 7 })])[0].amends).toBeNull();
    expect(grouped([motion({ amends: 1 }), motion({ amends: 0 })])).toEqual([[0, []], [1, []]]);
  });

  it('handles no motions', () => {
    expect(groupMotions([])).toEqual([]);
  });
});

describe('linkHref', () => {
  it('opens an agenda item on its agenda, at the item', () => {
    expect(linkHref({ kind: 'agenda_item', id: 'dc-lm-2026-05-05-19', agenda_id: 'dc-lm-2026-05-05', title: 'T', file_number: 'B26-677' })).toBe(
      '/agenda/dc-lm-2026-05-05#item-dc-lm-2026-05-05-19',
    );
    expect(linkHref({ kind: 'agenda_item', id: 'a b', agenda_id: 'x/y', title: 'T', file_number: null })).toBe('/agenda/x%2Fy#item-a%20b');
  });

  it('opens legislation in the ordinance viewer; an agenda item without its agenda has no page', () => {
    expect(linkHref({ kind: 'legislation', id: 'A26-338', agenda_id: null, title: 'T', file_number: null })).toBe('/ordinance/A26-338');
    expect(linkHref({ kind: 'agenda_item', id: 'i1', agenda_id: null, title: 'T', file_number: null })).toBeNull();
  });
});

describe('elementSpans', () => {
  const record: Pick<MinutesRecord, 'result' | 'followups'> = {
    result: {
      meeting: { body: null, meeting_type: null, date: null, time: null, place: null, presiding: null, present: [], absent: [], quorum: null },
      motions: [motion({ span: span(10, 20) }), motion({ span: span(30, 40) })],
      actions: [{ text: 'a', owner: null, due: null, span: span(50, 60) }],
      public_comment: [{ speaker: null, topic: 'parking', span: span(61, 70) }],
      continued: [],
      next_meeting: { text: 'n', span: span(80, 90) },
      narrative: [{ sentence: 's', span: span(10, 25) }],
      dropped_spans: 0,
      notice: null,
    },
    followups: [{ question: 'q', answer: 'a', citations: [span(30, 35)], engine: 'offline', model: null, created_at: '2026-01-01T00:00:00Z' }],
  };

  it('lists every element with its span, the summary’s own elements before the gist and the answers’ quotes', () => {
    expect(elementSpans(record).map((s) => [s.id, s.kind, s.ordinal, s.start, s.end])).toEqual([
      ['motion-0', 'motion', 1, 10, 20],
      ['motion-1', 'motion', 2, 30, 40],
      ['action-0', 'action', 1, 50, 60],
      ['comment-0', 'comment', 1, 61, 70],
      ['next-meeting', 'next', 1, 80, 90],
      ['gist-0', 'gist', 1, 10, 25],
      ['followup-0-citation-0', 'citation', 1, 30, 35],
    ]);
  });

  it('has only the answers’ quotes while there is no result', () => {
    expect(elementSpans({ ...record, result: null }).map((s) => s.id)).toEqual(['followup-0-citation-0']);
  });
});
