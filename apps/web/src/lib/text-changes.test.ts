import { describe, expect, it } from 'vitest';
import { applyChanges, changesBetween, wordDiff } from './text-changes';

describe('changesBetween / applyChanges', () => {
  const before = 'Sec. 1. Title.\nSec. 2. Within 15 days.\nSec. 3. Effective date.';
  const after = 'Sec. 1. Title.\nSec. 2. Within 10 days.\nSec. 3. Severability.\nSec. 4. Effective date.';

  it('pairs a removed line with the line that replaces it, and keeps additions apart', () => {
    const changes = changesBetween(before, after).filter((s) => s.kind === 'change');
    expect(changes.map((s) => (s.kind === 'change' ? [s.change.removed, s.change.added] : null))).toEqual([
      ['Sec. 2. Within 15 days.\nSec. 3. Effective date.\n', 'Sec. 2. Within 10 days.\nSec. 3. Severability.\nSec. 4. Effective date.\n'],
    ]);
  });

  it('accepting every change gives the proposal; rejecting every change gives the original', () => {
    const segments = changesBetween(before, after);
    const ids = segments.flatMap((s) => (s.kind === 'change' ? [s.change.id] : []));
    expect(applyChanges(segments, new Set(ids))).toBe(after);
    expect(applyChanges(segments, new Set())).toBe(before);
  });

  it('keeps separate changes separate, so one can be accepted and the other rejected', () => {
    const a = 'One.\nTwo.\nThree.\nFour.';
    const b = 'One!\nTwo.\nThree.\nFour!';
    const segments = changesBetween(a, b);
    const ids = segments.flatMap((s) => (s.kind === 'change' ? [s.change.id] : []));
    expect(ids).toHaveLength(2);
    expect(applyChanges(segments, new Set([ids[1]]))).toBe('One.\nTwo.\nThree.\nFour!');
  });
});

describe('wordDiff', () => {
  it('marks the words removed and added', () => {
    expect(wordDiff('within 15 days', 'within 10 days')).toEqual([
      { text: 'within ', kind: 'same' },
      { text: '15', kind: 'removed' },
      { text: '10', kind: 'added' },
      { text: ' days', kind: 'same' },
    ]);
  });
});
