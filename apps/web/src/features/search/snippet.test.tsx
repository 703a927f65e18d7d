import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { parseSnippet, unescapeHtml } from './snippet';
import { Snippet } from './Snippet';

describe('parseSnippet', () => {
  it('splits a snippet into plain and highlighted text', () => {
    expect(parseSnippet('Removal of <mark>snow</mark> and <mark>ice</mark> from sidewalks')).toEqual([
      { text: 'Removal of ', marked: false },
      { text: 'snow', marked: true },
      { text: ' and ', marked: false },
      { text: 'ice', marked: true },
      { text: ' from sidewalks', marked: false },
    ]);
  });

  it('unescapes the five entities the server writes, once', () => {
    expect(unescapeHtml('A &amp; B &lt;b&gt; &quot;q&quot; it&#39;s &amp;lt;')).toBe('A & B <b> "q" it\'s &lt;');
    expect(parseSnippet('<mark>Fish &amp; Game</mark>')).toEqual([{ text: 'Fish & Game', marked: true }]);
  });

  it('keeps escaped markup as text and joins touching highlights', () => {
    expect(parseSnippet('&lt;script&gt;x&lt;/script&gt; <mark>tax</mark><mark>es</mark>')).toEqual([
      { text: '<script>x</script> ', marked: false },
      { text: 'taxes', marked: true },
    ]);
    expect(parseSnippet('')).toEqual([]);
  });
});

describe('<Snippet>', () => {
  it('renders marks as <mark> elements and escaped tags as visible text, never as elements', () => {
    const { container } = render(<Snippet html={'&lt;img src=x onerror=alert(1)&gt; the <mark>budget</mark>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.querySelector('mark')?.textContent).toBe('budget');
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> the budget');
  });

  it('treats a stray raw tag from the server as text', () => {
    const { container } = render(<Snippet html={'<b>bold</b> <mark>word</mark>'} />);
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>bold</b> word');
  });
});
