import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type DateRange, DateRangeFields } from './DateRangeFields';

describe('DateRangeFields', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a date typed in one field when the other field comes back from the address', () => {
    vi.useFakeTimers();
    const sent: DateRange[] = [];
    const onChange = (range: DateRange) => sent.push(range);
    const { rerender } = render(<DateRangeFields onChange={onChange} />);
    const from = screen.getByLabelText('From') as HTMLInputElement;
    const to = screen.getByLabelText('To') as HTMLInputElement;

    fireEvent.change(from, { target: { value: '2016-12-01' } });
    act(() => vi.advanceTimersByTime(500));
    expect(sent.at(-1)).toEqual({ from: '2016-12-01', to: undefined });

    // The reader types "To" before the page renders again with the address that now holds "From".
    fireEvent.change(to, { target: { value: '2016-12-31' } });
    rerender(<DateRangeFields from="2016-12-01" onChange={onChange} />);
    expect(to.value).toBe('2016-12-31');
    act(() => vi.advanceTimersByTime(500));
    expect(sent.at(-1)).toEqual({ from: '2016-12-01', to: '2016-12-31' });
  });

  it('takes both dates from the address when it changes them (a link, Back, "Clear")', () => {
    const { rerender } = render(<DateRangeFields from="2016-12-01" to="2016-12-31" onChange={() => {}} />);
    rerender(<DateRangeFields onChange={() => {}} />);
    expect((screen.getByLabelText('From') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('To') as HTMLInputElement).value).toBe('');
  });
});
