import { describe, expect, it } from 'vitest';
import { en } from './en';
import { enAdmin } from './en-admin';
import { enAssistant } from './en-assistant';
import { enChat } from './en-chat';
import { enCompliance } from './en-compliance';
import { enDrafting } from './en-drafting';
import { enRecords } from './en-records';
import { enServer } from './en-server';
import { enSearch } from './en-search';
import { enSummary } from './en-summary';

describe('the English dictionaries', () => {
  it('define each key once: a key in two files would silently replace the other page\'s text', () => {
    const parts = { en, enAdmin, enAssistant, enSearch, enChat, enDrafting, enCompliance, enSummary, enRecords, enServer };
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const [name, part] of Object.entries(parts)) {
      for (const key of Object.keys(part)) {
        if (owner.has(key)) clashes.push(`${key} (${owner.get(key)} and ${name})`);
        else owner.set(key, name);
      }
    }
    expect(clashes).toEqual([]);
  });
});
