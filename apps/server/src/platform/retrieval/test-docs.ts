import type { CodeSectionDoc } from './types';

/** A tiny, made-up "City of Example" code for the retrieval tests. */
export function section(number: string, title: string, text: string, over: Partial<CodeSectionDoc> = {}): CodeSectionDoc {
  const titleNumber = number.split(/[-:]/)[0];
  return {
    id: `ex-${number}`,
    number: `§ ${number}`,
    title,
    titleNumber,
    titleName: 'General Provisions',
    chapterTitle: 'Miscellaneous',
    subchapterTitle: null,
    path: 'Chapter 1. Miscellaneous',
    status: 'in_force',
    text,
    ...over,
  };
}

const records = { titleName: 'Government Administration', chapterTitle: 'Administrative Procedure', subchapterTitle: 'Freedom of Information' };
const housing = { titleName: 'Real Property', chapterTitle: 'Rental Housing', subchapterTitle: 'Evictions' };
const animals = { titleName: 'Environment', chapterTitle: 'Animal Control', subchapterTitle: null };

export const exampleCode: CodeSectionDoc[] = [
  section('2-531', 'Definitions', '(1) "Public body" means any office of the City government. (2) "Public record" includes all books, papers, maps and photographs.', records),
  section('2-532', 'Right of access to public records; time limits', '(a) Any person has a right to inspect and copy any public record of a public body. (c) A public body shall respond within 15 days, except Saturdays, Sundays and legal holidays.', records),
  section('2-533', 'Exemptions from disclosure', 'Trade secrets and personnel files may be withheld from disclosure.', records),
  section('42-3505.01', 'Evictions', '(a) No tenant shall be evicted from a rental unit so long as the tenant pays the rent. (b) A housing provider shall serve a written notice to vacate 30 days before filing for possession.', housing),
  section('42-3505.02', 'Retaliatory action', 'No housing provider shall take any retaliatory action against a tenant who exercises a right under this chapter.', housing),
  section('42-3505.03', 'Notice requirements', 'Repealed.', housing),
  section('8-1808', 'Prohibited conduct', '(a) No owner of an animal shall allow the animal to go at large. (b) A dog shall be restrained by a leash.', animals),
  section('8-1809', 'Impoundment', 'Any animal found at large may be impounded by the Mayor and released to its owner upon payment of a fee.', animals),
  section('28:2-201', 'Formal requirements; statute of frauds', 'A contract for the sale of goods for the price of $500 or more is not enforceable unless there is some writing.', {
    titleName: 'Commercial Instruments',
    chapterTitle: null,
    subchapterTitle: 'Article 2. Sales',
  }),
  section('9-601', 'Removal of snow from sidewalks', 'The owner of a property that abuts a paved sidewalk shall remove snow and sleet within 8 hours of daylight after it stops falling.', {
    titleName: 'Transportation Systems',
    chapterTitle: 'Removal of Snow and Ice',
  }),
  section('9-602', 'Former snow removal penalty', 'The owner shall pay a fine of $25 for failing to remove snow.', {
    titleName: 'Transportation Systems',
    chapterTitle: 'Removal of Snow and Ice',
    status: 'repealed',
  }),
];
