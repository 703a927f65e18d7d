import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import type { ComplianceFinding } from '@civicdesk/contract';
import { DocumentText, type FocusRequest } from './DocumentText';

const TEXT = '📄 Requester: Maria Lopez, SSN 123-45-6789. <b>not bold</b>';

function finding(id: string, quote: string, patch: Partial<ComplianceFinding> = {}): ComplianceFinding {
  const start = TEXT.indexOf(quote);
  return {
    id,
    rule_set: 'privacy',
    rule: 'privacy.ssn',
    rule_label: 'Social Security number',
    entity_type: 'SSN',
    severity: 'critical',
    status: 'open',
    start,
    end: start + quote.length,
    quote,
    basis: { kind: 'rule', reference: '§ 2-534(a)(2)', title: 'Privacy', quote: null, source_url: null, verified: false, section_id: null },
    explanation: 'A Social Security number.',
    suggestion: null,
    difference: null,
    places: [],
    confidence: 0.99,
    origin: 'rule',
    ...patch,
  };
}

const FINDINGS = [finding('ssn', '123-45-6789'), finding('name', 'Maria Lopez', { severity: 'high', entity_type: 'PERSON', status: 'accepted' })];

function renderText(props: Partial<Parameters<typeof DocumentText>[0]> = {}) {
  const onSelect = vi.fn();
  const onMarkRedaction = vi.fn(async () => true);
  const view = render(
    <DocumentText text={TEXT} findings={FINDINGS} selectedId={null} focusRequest={null} onSelect={onSelect} onMarkRedaction={onMarkRedaction} marking={false} {...props} />,
  );
  return { ...view, onSelect, onMarkRedaction };
}

describe('<DocumentText>', () => {
  it('shows the document as text, exactly, with each finding in a mark labelled by its severity (not by colour alone)', () => {
    const { container } = renderText();
    const region = screen.getByRole('region', { name: 'Document text' });
    expect(container.querySelector('b')).toBeNull();
    expect(region.textContent).toContain(TEXT);
    const ssn = screen.getByText('123-45-6789');
    expect(ssn.tagName).toBe('MARK');
    expect(ssn.dataset.label).toBe('Critical · SSN');
    expect(screen.getByText('Maria Lopez').dataset.label).toBe('High · PERSON · Accepted');
  });

  it('selects a finding when its highlight is clicked or activated with the keyboard', () => {
    const { onSelect } = renderText();
    fireEvent.click(screen.getByText('123-45-6789'));
    expect(onSelect).toHaveBeenLastCalledWith('ssn');
    fireEvent.keyDown(screen.getByText('Maria Lopez'), { key: 'Enter' });
    expect(onSelect).toHaveBeenLastCalledWith('name');
  });

  it('focuses a finding\'s highlight when asked to', () => {
    const { rerender, onSelect, onMarkRedaction } = renderText();
    const request: FocusRequest = { findingId: 'ssn', nonce: 1 };
    rerender(<DocumentText text={TEXT} findings={FINDINGS} selectedId="ssn" focusRequest={request} onSelect={onSelect} onMarkRedaction={onMarkRedaction} marking={false} />);
    expect(document.activeElement).toBe(screen.getByText('123-45-6789'));
  });

  it('offers "Mark for redaction" for selected text and sends its UTF-16 offsets, across highlights', async () => {
    const { onMarkRedaction } = renderText();
    // From "SSN" in plain text into the middle of the SSN's highlight; the emoji counts as two.
    const plain = screen.getByText(/, SSN/).firstChild!;
    const inMark = screen.getByText('123-45-6789').firstChild!;
    const range = document.createRange();
    range.setStart(plain, ', '.length);
    range.setEnd(inMark, 3);
    act(() => {
      document.getSelection()!.removeAllRanges();
      document.getSelection()!.addRange(range);
      document.dispatchEvent(new Event('selectionchange'));
    });
    expect(screen.getByText('Selected: “SSN 123”')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mark for redaction' })));
    expect(onMarkRedaction).toHaveBeenCalledWith(TEXT.indexOf('SSN'), TEXT.indexOf('123') + 3);
    expect(TEXT.indexOf('SSN')).toBe(27);
    expect(screen.queryByRole('button', { name: 'Mark for redaction' })).toBeNull();
  });
});
