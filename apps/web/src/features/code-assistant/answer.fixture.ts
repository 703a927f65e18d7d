import type { Citation, GenerateResponse } from '@civicdesk/contract';
import { failedGeneration } from '../../api/municipal-code';

/** A generation answer for tests: the §8 empty shape filled in with what a test names. */
export function answerFixture(overrides: {
  summary?: string;
  citations?: Citation[];
  metadata?: Partial<GenerateResponse['metadata']>;
  codes?: GenerateResponse['codes'];
  errors?: string[];
}): GenerateResponse {
  const empty = failedGeneration('');
  return {
    ...empty,
    id: 'answer-1',
    success: true,
    errors: overrides.errors ?? [],
    codes: overrides.codes ?? [],
    analysis: { summary: overrides.summary ?? '', citations: overrides.citations ?? [] },
    metadata: {
      ...empty.metadata,
      question: 'How long does an agency have to answer a records request?',
      engine: 'offline',
      engine_label: 'Built-in offline engine',
      answer_found: true,
      thread_id: 'thread-1',
      city_code: 'DC',
      location_name: 'District of Columbia',
      ...overrides.metadata,
    },
  };
}

export const FOIA_CITATION: Citation = {
  number: '§ 2-532',
  title: 'Right of access to public records.',
  quote: 'A public body shall make the record available within 15 days',
  source_url: 'https://code.dccouncil.gov/us/dc/council/code/sections/2-532',
  status: 'in_force',
  verified: true,
  kind: 'code_section',
  source_id: 'dc-2-532-0000001',
};
