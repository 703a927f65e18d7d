import { describe, expect, it } from 'vitest';
import { highlight, wordMatcher } from './highlight';
import { markedSnippet } from './snippet';

const snippet = (text: string, words: string[]) => markedSnippet(highlight(text, wordMatcher(words)));

describe('snippets cut in the server', () => {
  it('marks query words and words of the same stem; escapes everything else', () => {
    expect(snippet('Housing for <b>houses</b> & "homes"', ['housing'])).toBe('<mark>Housing</mark> for &lt;b&gt;<mark>houses</mark>&lt;/b&gt; &amp; &quot;homes&quot;');
    const stray = snippet('a \u0002fake\u0003 marker next to snow', ['snow']);
    expect(stray).toBe('a fake marker next to <mark>snow</mark>');
  });

  it('shows at most two 35-word passages around the matches, or the first 12 words without any', () => {
    const words = Array.from({ length: 200 }, (_, i) => `w${i}`);
    words[10] = 'snow';
    words[150] = 'snow';
    const cut = snippet(words.join(' '), ['snow']);
    expect(cut.split(' … ')).toHaveLength(2);
    expect(cut.match(/<mark>/g)).toHaveLength(2);
    expect(cut.split(/\s+/).length).toBeLessThanOrEqual(71);
    expect(snippet(words.join(' '), ['rain'])).toBe(words.slice(0, 12).join(' '));
    expect(snippet('', ['snow'])).toBe('');
  });

  it('shows first the passage with the most different query words, not the one repeating one word most', () => {
    const words = Array.from({ length: 300 }, (_, i) => `w${i}`);
    // Two passages that repeat "amendment", then one that holds "noise" and "amendment".
    for (const at of [10, 12, 14, 100, 102, 104]) words[at] = 'amended';
    words[200] = 'noise';
    words[205] = 'Amendment';
    const cut = snippet(words.join(' '), ['noise', 'ordinance', 'amendment']);
    expect(cut).toContain('<mark>noise</mark>');
    expect(cut).toContain('<mark>Amendment</mark>');
    expect(cut.split(' … ')).toHaveLength(2);
  });
});
