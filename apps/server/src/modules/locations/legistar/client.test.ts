import { describe, expect, it } from 'vitest';
import { legistarUrl } from './client';

describe('a Legistar base address as an administrator writes it', () => {
  it('is the same API with or without "/v1" and the client\'s name, and keeps its own query', () => {
    const want = 'https://webapi.legistar.com/v1/oakland/events?%24top=1000';
    for (const base of [
      'https://webapi.legistar.com',
      'https://webapi.legistar.com/',
      'https://webapi.legistar.com/v1',
      'https://webapi.legistar.com/V1/',
      'https://webapi.legistar.com/v1/oakland',
      'https://webapi.legistar.com/v1/Oakland/',
    ])
      expect(legistarUrl(base, 'oakland', 'events', { $top: '1000' }).toString(), base).toBe(want);
    // A proxy's own path stays; an operator's token in the base is kept.
    expect(legistarUrl('https://proxy.example.org/legistar/v1?token=abc', 'nyc', 'events/1/eventitems').toString()).toBe('https://proxy.example.org/legistar/v1/nyc/events/1/eventitems?token=abc');
  });
});
