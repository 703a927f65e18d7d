/**
 * Writes a long (150+ page, ~80,000 word) FICTIONAL verbatim transcript of a Council of the
 * District of Columbia Committee of the Whole public hearing and markup, plus its labels.
 *
 *   npx tsx eval/minutes/make-long-transcript.ts /tmp/long-transcript.txt [--seed 20261124] [--words 80000]
 *
 * Writes <out> and, beside it, <out without extension>.labels.json. Same seed => byte-identical
 * output. Node built-ins only. The labels use the answers.jsonl schema (see README.md) and are
 * computed from what the script emits; each motion also gets its character offsets in the file
 * (`span`), and `generated` records seed, words and pages.
 *
 * Every name, bill number, vote and figure is invented. The Council members are the same
 * invented members used in documents/m01, m02 and m12.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, dirname, extname, join } from 'node:path';

type Vote = 'aye' | 'nay' | 'abstain' | 'absent' | 'recused';
type Outcome = 'carried' | 'failed' | 'withdrawn' | 'tabled' | 'continued';
type VoteKind = 'roll_call' | 'voice' | 'unanimous' | 'show_of_hands' | null;
interface Tally { aye: number; nay: number; abstain: number; absent: number; recused: number }
interface Motion {
  text: string; mover: string | null; seconder: string | null; item: string | null; outcome: Outcome;
  tally: Tally | null; vote_kind: VoteKind; votes: Record<string, Vote>; amendment_of: number | null;
  span?: { start: number; end: number };
}
interface Action { text: string; owner: string; due: string | null; owner_aliases: string[] }

// ---------------------------------------------------------------- arguments and PRNG
const args = process.argv.slice(2);
const outPath = args.find((a, i) => !a.startsWith('--') && (i === 0 || !args[i - 1].startsWith('--')));
if (!outPath) {
  console.error('usage: npx tsx make-long-transcript.ts <out.txt> [--seed N] [--words N]');
  process.exit(2);
}
const opt = (name: string, dflt: number): number => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? Number(args[i + 1]) : dflt;
};
const SEED = opt('seed', 20261124);
const TARGET_WORDS = opt('words', 80000);

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(SEED);
const int = (lo: number, hi: number): number => lo + Math.floor(rand() * (hi - lo + 1));
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
function shuffle<T>(xs: T[]): T[] {
  for (let i = xs.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [xs[i], xs[j]] = [xs[j], xs[i]];
  }
  return xs;
}

// ---------------------------------------------------------------- people
interface Member { first: string; last: string; full: string; label: string; pron: 'he' | 'she' }
const MEMBER_DATA: [string, string, 'he' | 'she'][] = [
  ['Reginald', 'Holloway', 'he'], ['Lorraine', 'Voss', 'she'], ['Marisol', 'Tran-Whitaker', 'she'],
  ['Gideon', 'Pruitt', 'he'], ['Nadia', 'Okonkwo', 'she'], ['Sebastian', 'Ferreira', 'he'],
  ['Helen', 'Strickland', 'she'], ['Martin', 'Oyelaran', 'he'], ['Teresa', 'Quarles', 'she'],
  ['Darnell', 'Whitcomb', 'he'], ['Priya', 'Lindqvist', 'she'], ['Curtis', 'Ambrose', 'he'],
  ['Yvonne', 'Bellamy', 'she'],
];
const MEMBERS: Member[] = MEMBER_DATA.map(([first, last, pron], i) => ({
  first, last, full: `${first} ${last}`, pron,
  label: i === 0 ? `CHAIRMAN ${last.toUpperCase()}` : `COUNCILMEMBER ${last.toUpperCase()}`,
}));
const CHAIR = MEMBERS[0];
const others = MEMBERS.slice(1);
const absentMembers = shuffle([...others]).slice(0, 2);
const present = MEMBERS.filter((m) => !absentMembers.includes(m));
const presentOthers = present.filter((m) => m !== CHAIR);
const title = (m: Member) => (m === CHAIR ? `Chairman ${m.last}` : `Councilmember ${m.last}`);

const F_FIRST = ['Abigail', 'Beatriz', 'Camila', 'Danielle', 'Esther', 'Farah', 'Gloria', 'Hadiza', 'Imogen', 'Josefina',
  'Keisha', 'Leonora', 'Marguerite', 'Naomi', 'Odette', 'Penelope', 'Rashida', 'Soledad', 'Tamara', 'Ursula', 'Valentina',
  'Winona', 'Ximena', 'Yasmin', 'Zora', 'Mei', 'Anjali', 'Brigid', 'Constance', 'Delphine'];
const M_FIRST = ['Abdul', 'Bartholomew', 'Cedric', 'Dmitri', 'Emeka', 'Fitzgerald', 'Gustavo', 'Horace', 'Ignatius', 'Jerome',
  'Kofi', 'Lucas', 'Moses', 'Nikolai', 'Octavio', 'Percival', 'Quentin', 'Rashad', 'Solomon', 'Thaddeus', 'Ulysses',
  'Vikram', 'Winston', 'Xavier', 'Yusuf', 'Zachariah', 'Anselm', 'Barnaby', 'Cornelius', 'Desmond'];
const SURNAMES = ['Abernathy', 'Bancroft', 'Castellano', 'Dunmore', 'Eberhardt', 'Fairclough', 'Galloway', 'Harrowgate',
  'Ibarra', 'Jessup', 'Kingsley', 'Lockhart', 'Mabry', 'Nettles', 'Oduya', 'Pettigrew', 'Quimby', 'Rosenthal', 'Sandoval',
  'Tillman', 'Underwood', 'Villalobos', 'Wexford', 'Yardley', 'Zimmerman', 'Birchfield', 'Coltrane', 'Dalrymple',
  'Esposito', 'Fennimore', 'Gutierrez', 'Haverford', 'Iwu', 'Jankowski', 'Kowalski', 'Langston', 'Montclair', 'Nakashima',
  'Okonjo', 'Pritchard', 'Quarrington', 'Rutledge', 'Stanhope', 'Thistlewood', 'Upton', 'Vandermeer', 'Whitfield',
  'Yancey', 'Zeller', 'Ashworth', 'Blackwood', 'Cardenas', 'Delgado', 'Ellsworth', 'Farnsworth', 'Goldberg', 'Hargrove',
  'Ingram', 'Jaramillo', 'Kessler', 'Lindstrom', 'Mwangi', 'Norcross', 'Osterman', 'Paredes', 'Ramsdell', 'Sorensen',
  'Trujillo', 'Valdivia', 'Winslow', 'Adeyemi', 'Brubaker', 'Chatterjee', 'Drummond', 'Escobar', 'Fontaine', 'Gallagher',
  'Hollingsworth', 'Irving', 'Jeffries', 'Kilpatrick', 'Lachance', 'Mendez', 'Nwachukwu', 'Ortega', 'Pemberly', 'Radcliffe',
  'Saltonstall', 'Tavares', 'Umeh', 'Vickers', 'Wainwright', 'Abara', 'Beaumont', 'Cuthbert', 'Dorsey', 'Eastman', 'Fujimoto',
  'Grayson', 'Halloran', 'Ivers', 'Jorgensen', 'Kamara', 'Larkspur', 'McAllister', 'Novak', 'Olmstead', 'Petrov', 'Quintana',
  'Renfrow', 'Sato-Lewis', 'Thackeray', 'Ugwu', 'Voight', 'Whitaker-Boone', 'Yoshida', 'Zavala', 'Armitage', 'Bolton',
  'Crenshaw', 'Dupree', 'Everly', 'Fairweather', 'Giordano', 'Holt', 'Isaacs', 'Jennings', 'Kaur', 'Lowell', 'Moreau'];
const usedSurnames = new Set<string>(MEMBERS.map((m) => m.last));
interface Person { full: string; hon: string; last: string; label: string }
function newPerson(): Person {
  const female = rand() < 0.5;
  const first = pick(female ? F_FIRST : M_FIRST);
  let last = pick(SURNAMES);
  for (let tries = 0; usedSurnames.has(last); tries++) {
    last = tries < 20 ? pick(SURNAMES) : `${pick(SURNAMES)}-${pick(SURNAMES)}`;
  }
  usedSurnames.add(last);
  const hon = rand() < 0.1 ? 'Dr.' : female ? 'Ms.' : 'Mr.';
  return { full: `${first} ${last}`, hon, last, label: `${hon.toUpperCase()} ${last.toUpperCase()}` };
}
const SECRETARY = 'Adelaide Prentiss';
const GENERAL_COUNSEL = 'Corwin Haskell';

// ---------------------------------------------------------------- bills
interface Bill {
  num: string; file: string; title: string; short: string; agency: string; agencyAbbr: string; problem: string;
  benefit: string; concern: string; data: string; amendment: string; amendment2: string; anecdotes: string[];
}
const BILLS: Bill[] = [
  { num: '26-0412', file: 'B26-0412', title: 'Rental Housing Inspection Transparency Amendment Act of 2026', short: 'the inspection transparency bill',
    agency: 'Department of Buildings', agencyAbbr: 'DOB', problem: 'tenants cannot see the inspection reports for their own buildings',
    benefit: 'a tenant could check a building\'s inspection record before signing a lease', concern: 'the cost of redacting and posting every report online',
    data: 'inspection results and open violations by ward', amendment: 'to extend the posting deadline for inspection reports from 10 business days to 30 days',
    amendment2: 'to require landlords to post a QR code linking to the inspection record in each building lobby',
    anecdotes: ['our building went three winters with a broken boiler while the violation sat open', 'my neighbor only learned about a mold citation because an inspector mentioned it in the hallway'] },
  { num: '26-0415', file: 'B26-0415', title: 'Public Library Hours Expansion Act of 2026', short: 'the library hours bill',
    agency: 'District of Columbia Public Library', agencyAbbr: 'DCPL', problem: 'half of our neighborhood branches close at 6:00 p.m. on weekdays',
    benefit: 'working parents could bring their children to the library after dinner', concern: 'hiring enough librarians and security officers for longer shifts',
    data: 'branch visits by hour of the day', amendment: 'to phase in Sunday hours over two fiscal years, starting with the branches with the most visits',
    amendment2: 'to require each branch to stay open until 9:00 p.m. during final examination weeks',
    anecdotes: ['my son does his homework at the branch because we do not have reliable internet at home', 'the branch near me closed for three months last year because of a staffing shortage'] },
  { num: '26-0419', file: 'B26-0419', title: 'Safe Routes to School Expansion Amendment Act of 2026', short: 'the safe routes bill',
    agency: 'District Department of Transportation', agencyAbbr: 'DDOT', problem: 'crossing guards are missing at intersections where children cross six lanes of traffic',
    benefit: 'every elementary school would have a safety plan and a crossing guard at its most dangerous intersection', concern: 'how DDOT would pay for the speed humps and raised crosswalks the bill requires',
    data: 'crashes within a quarter mile of each school', amendment: 'to require raised crosswalks at every school entrance on an arterial street',
    amendment2: 'to add public charter schools that share a campus with a DCPS school',
    anecdotes: ['a driver ran the light in front of my daughter\'s school twice in one week', 'parents on our block organize a walking school bus because nobody else will watch the corner'] },
  { num: '26-0423', file: 'B26-0423', title: 'Small Business Permit Streamlining Act of 2026', short: 'the permit streamlining bill',
    agency: 'Department of Licensing and Consumer Protection', agencyAbbr: 'DLCP', problem: 'a small restaurant can wait five months for a certificate of occupancy',
    benefit: 'a new business could get every permit through one case manager', concern: 'whether one case manager can really coordinate five agencies',
    data: 'permit processing times by permit type', amendment: 'to set a 45-day deadline for a decision on a complete certificate of occupancy application',
    amendment2: 'to waive filing fees for businesses with fewer than five employees',
    anecdotes: ['I paid rent on an empty storefront for four months while my permits bounced between offices', 'our bakery had to hire an expediter just to find out which form was missing'] },
  { num: '26-0427', file: 'B26-0427', title: 'Tree Canopy Protection Amendment Act of 2026', short: 'the tree canopy bill',
    agency: 'Department of Energy and Environment', agencyAbbr: 'DOEE', problem: 'large heritage trees are still being cut down on private lots with a small fee',
    benefit: 'the city would keep its mature trees in the wards that have the least shade', concern: 'the burden on homeowners who need to remove a dangerous tree',
    data: 'tree canopy coverage by census tract', amendment: 'to lower the size of a protected special tree from 44 inches in circumference to 36 inches',
    amendment2: 'to double the fee for removing a heritage tree',
    anecdotes: ['the block where I grew up lost six oaks to one townhouse project', 'the summer temperature on our street is noticeably higher than two blocks over where the trees are'] },
  { num: '26-0431', file: 'B26-0431', title: 'Senior Property Tax Relief Clarification Amendment Act of 2026', short: 'the senior tax relief bill',
    agency: 'Office of Tax and Revenue', agencyAbbr: 'OTR', problem: 'seniors lose their tax credit because of a missed recertification letter',
    benefit: 'an eligible senior would not have to reapply every year', concern: 'the revenue the District would lose if ineligible owners keep the credit',
    data: 'the number of seniors removed from the credit each year', amendment: 'to require the Office of Tax and Revenue to call a senior before removing the credit',
    amendment2: 'to raise the income limit for the credit by 10 percent',
    anecdotes: ['my mother received a tax bill for $6,000 after a letter went to the wrong address', 'half the seniors at our church did not know they had to recertify'] },
  { num: '26-0436', file: 'B26-0436', title: 'Recreation Center Staffing Standards Act of 2026', short: 'the recreation staffing bill',
    agency: 'Department of Parks and Recreation', agencyAbbr: 'DPR', problem: 'recreation centers close early because there is only one staff member on duty',
    benefit: 'every center would have at least two trained staff members whenever it is open', concern: 'the number of positions the bill would require in the next budget',
    data: 'closures and early closings by recreation center', amendment: 'to require a certified lifeguard at every indoor pool for all open hours',
    amendment2: 'to let community groups staff centers on weekend evenings',
    anecdotes: ['the center on our block closed at 4:00 p.m. all summer', 'the teenagers in our neighborhood have nowhere to go when the gym is locked'] },
  { num: '26-0440', file: 'B26-0440', title: 'Noise Control Modernization Amendment Act of 2026', short: 'the noise control bill',
    agency: 'Department of Energy and Environment', agencyAbbr: 'DOEE', problem: 'construction noise starts before 7:00 a.m. and nobody answers the complaint line',
    benefit: 'residents could report noise online and get an inspector the same night', concern: 'enforcement against small music venues that are already struggling',
    data: 'noise complaints and inspections by hour', amendment: 'to exempt live music venues that hold a valid entertainment endorsement until midnight',
    amendment2: 'to require leaf blowers sold in the District to meet a 65-decibel standard',
    anecdotes: ['a generator ran outside my bedroom window for eleven nights', 'we called the noise line fourteen times and never saw an inspector'] },
  { num: '26-0444', file: 'B26-0444', title: 'Emergency Rental Assistance Reform Amendment Act of 2026', short: 'the rental assistance bill',
    agency: 'Department of Human Services', agencyAbbr: 'DHS', problem: 'families wait months for emergency rental assistance while eviction cases move forward',
    benefit: 'a family facing eviction would get a decision within 30 days', concern: 'whether the fund will run out in the spring as it did last year',
    data: 'applications, approvals and average days to decision', amendment: 'to pause an eviction case while an assistance application is pending for up to 45 days',
    amendment2: 'to allow landlords to apply directly on behalf of tenants',
    anecdotes: ['I applied in October and did not hear back until February', 'our tenant association helped forty families apply and only nine were approved before the fund closed'] },
  { num: '26-0449', file: 'B26-0449', title: 'Public Meeting Accessibility Amendment Act of 2026', short: 'the meeting accessibility bill',
    agency: 'Office of Open Government', agencyAbbr: 'OOG', problem: 'deaf and hard-of-hearing residents cannot follow most board meetings',
    benefit: 'every public body would offer captions and interpretation on request', concern: 'the cost for small volunteer boards',
    data: 'requests for interpretation by public body', amendment: 'to require meeting materials to be posted 48 hours before every meeting',
    amendment2: 'to require an American Sign Language interpreter at every meeting without a request',
    anecdotes: ['I missed the vote on the school boundary because the stream had no captions', 'my father gave up going to meetings because nobody could interpret for him'] },
];

const ORGS = ['the Ward {w} Tenants\' Council', 'the Coalition for Safe Streets', 'Friends of Neighborhood Libraries',
  'the District Small Business Roundtable', 'the Anacostia Civic Association', 'the Shepherd Park Neighbors Association',
  'the Columbia Heights Youth Collective', 'the DC Senior Advocacy Network', 'the Capital Tree Alliance',
  'the Greater Brookland Business Association', 'the Deaf Community Access Council', 'the Parents for Public Schools Coalition',
  'the DC Legal Aid Clinic Network', 'the Mount Pleasant Merchants Association', 'the Congress Heights Community Association'];
const OCCUPATIONS = ['retired schoolteacher', 'nurse', 'small business owner', 'union electrician', 'social worker', 'graduate student',
  'bus operator', 'architect', 'pastor', 'high school senior', 'home health aide', 'software developer', 'tenant organizer'];

// ---------------------------------------------------------------- output buffer and clock
const paras: string[] = [];
let words = 0;
let pageWords = 0;
let page = 1;
const WORDS_PER_PAGE = 450; // page breaks fall between paragraphs, so pages run about 450-700 words
const MEETING_DATE = '2026-04-30';
const MEETING_DAY = 'Thursday, April 30, 2026';
let minutes = 10 * 60 + 4; // clock, minutes after midnight
const countWords = (s: string) => s.split(/\s+/).filter(Boolean).length;
function clock(): string {
  const h = Math.floor(minutes / 60), m = minutes % 60;
  const h12 = ((h + 11) % 12) + 1;
  return `${h12}:${String(m).padStart(2, '0')} ${h < 12 ? 'a.m.' : 'p.m.'}`;
}
function emit(p: string): void {
  paras.push(p);
  const w = countWords(p);
  words += w;
  pageWords += w;
  minutes += Math.max(0, Math.round(w / 140));
  if (pageWords >= WORDS_PER_PAGE) {
    page += 1;
    pageWords -= WORDS_PER_PAGE;
    paras.push(`\f                                                        Page ${page}\nCOMMITTEE OF THE WHOLE — ${MEETING_DAY.toUpperCase()}`);
  }
}
const say = (label: string, text: string) => emit(`${label}: ${text}`);
const fill = (s: string, b: Bill) => s
  .replace(/\{agency\}/g, b.agency).replace(/\{abbr\}/g, b.agencyAbbr).replace(/\{short\}/g, b.short)
  .replace(/\{problem\}/g, b.problem).replace(/\{benefit\}/g, b.benefit).replace(/\{concern\}/g, b.concern)
  .replace(/\{data\}/g, b.data).replace(/\{num\}/g, b.num).replace(/\{amend\}/g, b.amendment)
  .replace(/\{n\}/g, () => String(int(2, 9))).replace(/\{pct\}/g, () => String(int(12, 68)))
  .replace(/\{years\}/g, () => String(int(4, 41))).replace(/\{w\}/g, () => String(int(1, 8)));

// due dates: weekdays after the meeting
function dueDate(daysAfter: number): { iso: string; text: string } {
  const d = new Date(`${MEETING_DATE}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAfter);
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  const wd = d.toLocaleDateString('en-US', { weekday: 'long', timeZone: 'UTC' });
  const md = d.toLocaleDateString('en-US', { month: 'long', day: 'numeric', timeZone: 'UTC' });
  return { iso: d.toISOString().slice(0, 10), text: `${wd}, ${md}` };
}

const motions: Motion[] = [];
const actions: Action[] = [];
const continued: string[] = [];

// ---------------------------------------------------------------- sentence pools
const PRO = [
  'I am here to support {short}.', 'Right now, {problem}, and that should not happen in a city that prides itself on open government.',
  'If this bill passes, {benefit}.', 'The requirement that the {agency} publish {data} is the most important part of the bill.',
  'I would ask the Committee to keep section {n} exactly as introduced.', 'We surveyed our members, and {pct} percent said this was their top concern this year.',
  'This is not a new problem. Residents have been raising it at ANC meetings for at least {n} years.',
  'The bill is modest. It asks the {agency} to do what it already says it does.', 'I have read the fiscal impact statement, and the cost is small compared with the harm.',
  'Other cities have done this without the problems that opponents predict.', 'Please do not let this bill be watered down in markup.',
  'The people most affected by this are the ones least able to take a day off work to come here and testify.',
  'When the {abbr} testified last year, it promised a plan within six months. We are still waiting.',
  'I brought a petition with {n}00 signatures from my neighbors, which I have given to your staff.',
  'This bill would not have been necessary if the existing rules had been enforced.',
  'I want to thank the introducers for listening to residents when they drafted it.',
  'The reporting requirement matters because what gets measured gets fixed.',
  'In our ward the problem is worse than the citywide numbers suggest.',
];
const CON = [
  'I share the goals of {short}, but I am worried about {concern}.', 'The {agency} has told this Council for years that it lacks staff, and this bill does not add a single position.',
  'If the Council moves forward, please consider an amendment {amend}.', 'The bill as drafted treats a family-owned business the same as a national chain.',
  'We were not consulted when the bill was drafted, and I think that shows in section {n}.', 'A mandate without funding becomes another promise the District cannot keep.',
  'I would ask the Committee to delay the effective date by at least one fiscal year.', 'The definitions in section 2 are broad enough to cover situations nobody intends.',
  'Our members support the intent, and we want to be part of the solution, not an obstacle.',
  'The deadline in section {n} is not realistic for an agency that is already behind.',
  'I worry that the reporting requirement will produce paperwork rather than results.',
  'Please ask the {abbr} how many staff it would need before you vote on this.',
  'We tried a voluntary version of this {n} years ago, and it was not used.',
  'Small organizations like ours do not have lawyers to interpret a new mandate.',
];
const FILLER = [
  'Let me give you a specific example.', 'I want to be brief, because I know many people are waiting to testify.',
  'I have submitted longer written testimony for the record.', 'I will skip ahead in my written statement in the interest of time.',
  'I want to thank your staff, who returned my calls promptly.', 'I have lived in the District for {years} years.',
  'I have attended every hearing on this subject since the last Council period.',
];
const QA: [string, string][] = [
  ['how many people in your organization have been affected by this?', 'We have heard from dozens of families this year alone, and I can send your office the numbers by the end of the week.'],
  ['have you raised this with the {agency} directly, and what did they say?', 'We wrote to the {abbr} twice last year and received one form letter. Nobody followed up.'],
  ['if we adopted the amendment you mentioned, would that address your concern?', 'It would help, but it would not solve the underlying problem of {concern}.'],
  ['what would you say to the argument that this costs too much?', 'The cost of doing nothing is higher. Residents pay for it in other ways, and so does the District.'],
  ['is there a jurisdiction you would point us to as a model?', 'Several counties in the region have tried something similar. I can send your staff what we found.'],
  ['how would you measure whether the bill is working two years from now?', 'I would look at whether {data} improves year over year, and whether residents stop calling our office about it.'],
  ['what is the single change you would make to the bill?', 'I would tighten section {n}. As written it leaves too much to the {abbr}\'s discretion.'],
  ['do your members know that the bill exists?', 'Some do. We held two meetings about it last month, and about {pct} people came to each.'],
  ['were you consulted by the {abbr} before the agency took its position?', 'No, we were not, and I think that is part of the problem.'],
];

// ---------------------------------------------------------------- transcript sections
function header(): void {
  emit('COUNCIL OF THE DISTRICT OF COLUMBIA\nCOMMITTEE OF THE WHOLE\nPUBLIC HEARING AND ADDITIONAL MEETING (MARKUP)');
  emit(`${MEETING_DAY}\n10:00 a.m.\nCouncil Chamber, Room 500, John A. Wilson Building\n1350 Pennsylvania Avenue NW, Washington, DC`);
  emit('VERBATIM TRANSCRIPT (FICTIONAL — GENERATED FOR EVALUATION)');
  emit(`PRESENT:\n  Chairman ${CHAIR.full}, presiding\n${presentOthers.map((m) => `  Councilmember ${m.full}`).join('\n')}`);
  emit(`ABSENT:\n${absentMembers.map((m) => `  Councilmember ${m.full}`).join('\n')}`);
  emit(`ALSO PRESENT:\n  ${SECRETARY}, Secretary to the Council\n  ${GENERAL_COUNSEL}, General Counsel`);
  emit('                              * * * * *');
  say(CHAIR.label, `Good morning. This is a public hearing and additional meeting of the Committee of the Whole. Today is ${MEETING_DAY}, and the time is ${clock()} I'm Chairman ${CHAIR.full}. Madam Secretary, please call the roll.`);
  for (const m of MEMBERS) {
    say('THE SECRETARY', title(m) + '.');
    if (present.includes(m)) say(m.label, pick(['Here.', 'Present.', 'Here.']));
  }
  say('THE SECRETARY', `Mr. Chairman, ${present.length} members are present; ${absentMembers.map(title).join(' and ')} are absent. You have a quorum.`);
  say(CHAIR.label, `Thank you. We have a long day. We will hear testimony on ${BILLS.length} bills this morning and afternoon, and then we will take up the committee prints of the bills that are ready for markup. Public witnesses have three minutes each. Government witnesses will testify at the end of each panel.`);
}

function hearing(b: Bill, wordsForBill: number): void {
  const start = words;
  say(CHAIR.label, `We now turn to Bill ${b.num}, the ${b.title}. In short, the bill addresses the fact that ${b.problem}. Our first panel, please come forward.`);
  let panel = 0;
  while (words - start < wordsForBill) {
    panel += 1;
    const witnesses = Array.from({ length: int(3, 5) }, newPerson);
    say(CHAIR.label, `Panel ${panel} on Bill ${b.num}: ${witnesses.map((w) => `${w.hon} ${w.full}`).join('; ')}. ${pick(['Welcome.', 'Thank you all for coming.', 'You may begin in the order called.'])}`);
    for (const w of witnesses) {
      const pro = rand() < 0.65;
      const who = rand() < 0.45 ? `I am testifying on behalf of ${pick(ORGS)}` : `I am a ${pick(OCCUPATIONS)} and a resident of Ward {w}`;
      const body: string[] = [fill(`Good ${minutes < 720 ? 'morning' : 'afternoon'}, Chairman ${CHAIR.last} and members of the Committee. My name is ${w.full}, and ${who}.`, b)];
      // sentences are drawn without replacement, so one witness never repeats a sentence
      const main = shuffle([...(pro ? PRO : CON)]);
      const extra = shuffle([...FILLER, ...b.anecdotes.map((a) => `In my experience, ${a}.`)]).slice(0, int(1, 3));
      const chosen = shuffle([...main.slice(0, int(6, Math.min(10, main.length))), ...extra]);
      for (const sentence of chosen) body.push(fill(sentence, b));
      body.push(pick(['Thank you for the opportunity to testify.', 'I am happy to answer any questions.', 'Thank you.']));
      say(w.label, body.join(' '));
      if (rand() < 0.2) say(CHAIR.label, 'Please wrap up. Your time has expired.');
      if (rand() < 0.55) {
        const q = pick(presentOthers);
        say(CHAIR.label, `Thank you. ${title(q)} has a question.`);
        const [question, answer] = pick(QA);
        say(q.label, `Thank you, Mr. Chairman. ${w.hon} ${w.last}, ${fill(question, b)}`);
        say(w.label, fill(answer, b));
        if (rand() < 0.4) say(q.label, pick(['Thank you. That is helpful.', 'I would appreciate that. Thank you.', 'Thank you for being here.']));
      }
    }
    say(CHAIR.label, pick(['Thank you to this panel.', 'Thank you all. We will call the next panel.', 'Thank you. Next panel, please.']));
  }
  // government witness and a commitment (action item)
  const gov = newPerson();
  const due = dueDate(int(7, 30));
  say(CHAIR.label, `Our government witness on Bill ${b.num} is ${gov.hon} ${gov.full}, Deputy Director of the ${b.agency}. Welcome.`);
  say(gov.label, fill(`Good afternoon, Chairman ${CHAIR.last}. I am ${gov.full}, Deputy Director of the ${b.agency}. The Administration supports the goals of the bill. We have concerns about ${b.concern}, and we would like to continue working with the Committee on the details. We already publish some information about {data}, but not in the form the bill requires.`, b));
  const q = pick(presentOthers);
  say(q.label, fill(`${gov.hon} ${gov.last}, can you give the Committee current figures on {data}?`, b));
  const actionText = `We will provide the Committee with current figures on ${b.data} by ${due.text}.`;
  say(gov.label, `Yes. ${actionText}`);
  actions.push({ text: actionText, owner: gov.full, due: due.iso, owner_aliases: [b.agency] });
  say(CHAIR.label, `Thank you. That concludes the hearing on Bill ${b.num}. The record will remain open for written testimony for ten business days.`);
}

function rollCall(votes: Record<string, Vote>, order: Member[]): Tally {
  const t: Tally = { aye: 0, nay: 0, abstain: 0, absent: 0, recused: 0 };
  for (const m of order) {
    const v = votes[m.full];
    t[v] += 1;
    if (v === 'recused') continue;
    say('THE SECRETARY', title(m) + '.');
    if (v === 'aye') say(m.label, pick(['Aye.', 'Yes.', 'Aye.']));
    if (v === 'nay') say(m.label, 'No.');
    if (v === 'abstain') say(m.label, 'Present.');
  }
  const parts = [`${t.aye} ${t.aye === 1 ? 'aye' : 'ayes'}`, `${t.nay} ${t.nay === 1 ? 'no' : 'noes'}`];
  if (t.abstain) parts.push(`${t.abstain} present`);
  const absentNames = order.filter((m) => votes[m.full] === 'absent').map(title);
  const recusedNames = order.filter((m) => votes[m.full] === 'recused').map(title);
  let tail = '';
  if (absentNames.length) tail += `, with ${absentNames.join(' and ')} absent`;
  if (recusedNames.length) tail += `${absentNames.length ? ',' : ','} and ${recusedNames.join(' and ')} recused`;
  say('THE SECRETARY', `Mr. Chairman, the vote is ${parts.join(', ')}${tail}.`);
  return t;
}
function makeVotes(nNay: number, nAbstain: number, recused: Member | null, ayeFirst: Member[] = []): Record<string, Vote> {
  const votes: Record<string, Vote> = {};
  for (const m of absentMembers) votes[m.full] = 'absent';
  if (recused) votes[recused.full] = 'recused';
  const pool = shuffle(present.filter((m) => m !== recused && !ayeFirst.includes(m)));
  for (const m of ayeFirst) votes[m.full] = 'aye';
  pool.forEach((m, i) => { votes[m.full] = i < nNay ? 'nay' : i < nNay + nAbstain ? 'abstain' : 'aye'; });
  return votes;
}

type Pattern = 'plain' | 'amend_voice' | 'amend_roll_fail' | 'amend_withdrawn' | 'recusal' | 'held' | 'fail' | 'amend_roll_pass';
function markup(b: Bill, pattern: Pattern): void {
  if (pattern === 'held') {
    say(CHAIR.label, `Bill ${b.num}, the ${b.title}, is not ready for markup. We are still waiting for the fiscal impact statement, so it will be held over to our next meeting.`);
    continued.push(b.file);
    return;
  }
  let recused: Member | null = null;
  if (pattern === 'recusal') {
    recused = pick(presentOthers);
    say(recused.label, `Mr. Chairman, before we begin, I need to recuse myself from Bill ${b.num}. A member of my immediate family works for an organization that would receive funds under it. I will step away from the dais.`);
    say(CHAIR.label, `Thank you. The record will reflect that ${title(recused)} is recused from this item.`);
  }
  say(CHAIR.label, `Next is the committee print of Bill ${b.num}, the ${b.title}. Members have the print, the report, and the fiscal impact statement.`);
  const mainText = `I move the committee print of Bill ${b.num} and the accompanying committee report.`;
  say(CHAIR.label, mainText);
  const mainIdx = motions.length;
  motions.push({ text: mainText, mover: CHAIR.full, seconder: null, item: b.file, outcome: 'carried', tally: null, vote_kind: 'roll_call', votes: {}, amendment_of: null });

  if (pattern.startsWith('amend')) {
    const mover = pick(presentOthers.filter((m) => m !== recused));
    const seconder = pick(presentOthers.filter((m) => m !== recused && m !== mover));
    const amendText = pattern === 'amend_withdrawn' ? `I move an amendment ${b.amendment2}.` : `I move an amendment ${b.amendment}.`;
    say(mover.label, `Mr. Chairman, I have an amendment that was circulated this morning. ${amendText}`);
    const am: Motion = { text: amendText, mover: mover.full, seconder: null, item: b.file, outcome: 'carried', tally: null, vote_kind: null, votes: {}, amendment_of: mainIdx };
    motions.push(am);
    if (pattern === 'amend_withdrawn') {
      say(CHAIR.label, `The General Counsel tells me the amendment raises a problem with the Home Rule Act. Mr. ${GENERAL_COUNSEL.split(' ')[1]}?`);
      say('MR. HASKELL', 'Mr. Chairman, as drafted the amendment would bind an independent agency. We would need to restructure it.');
      say(mover.label, 'In that case I will withdraw the amendment and bring it back at first reading.');
      say(CHAIR.label, 'The amendment is withdrawn.');
      am.outcome = 'withdrawn';
    } else {
      say(seconder.label, 'Second.');
      am.seconder = seconder.full;
      const opp = pick(presentOthers.filter((m) => m !== mover && m !== recused && m !== seconder));
      say(opp.label, fill(`I have concerns about this amendment. It changes the balance the introducers struck, and the {abbr} has not told us what it would cost.`, b));
      say(mover.label, 'I understand the concern, but I think residents expect this, and I urge my colleagues to support it.');
      if (pattern === 'amend_voice') {
        say(CHAIR.label, 'We will take this by voice vote. All those in favor of the amendment, say aye.');
        emit('(Chorus of ayes.)');
        say(CHAIR.label, 'Opposed?');
        say(opp.label, 'No.');
        say(CHAIR.label, 'The ayes have it. The amendment is adopted.');
        am.vote_kind = 'voice';
      } else {
        say(CHAIR.label, 'Madam Secretary, please call the roll on the amendment.');
        const nPresent = present.length - (recused ? 1 : 0);
        const nay = pattern === 'amend_roll_fail' ? Math.ceil(nPresent / 2) + int(0, 2) : int(1, 3);
        const votes = makeVotes(nay, 0, recused, [mover, seconder]);
        const t = rollCall(votes, MEMBERS);
        am.votes = votes; am.tally = t; am.vote_kind = 'roll_call';
        am.outcome = t.aye > t.nay ? 'carried' : 'failed';
        say(CHAIR.label, am.outcome === 'carried' ? 'The amendment is adopted.' : 'The amendment fails.');
      }
    }
  }
  say(CHAIR.label, `Is there further discussion on the print${pattern.startsWith('amend') && motions[motions.length - 1].outcome === 'carried' ? ' as amended' : ''}? Seeing none, Madam Secretary, please call the roll.`);
  const nPresent = present.length - (recused ? 1 : 0);
  const nay = pattern === 'fail' ? Math.ceil(nPresent / 2) + 1 : int(0, 2);
  const abstain = pattern === 'fail' ? 0 : rand() < 0.3 ? 1 : 0;
  const votes = makeVotes(nay, abstain, recused, [CHAIR]);
  const t = rollCall(votes, MEMBERS);
  const main = motions[mainIdx];
  main.votes = votes; main.tally = t;
  main.outcome = t.aye > t.nay ? 'carried' : 'failed';
  say(CHAIR.label, main.outcome === 'carried' ? `The committee print of Bill ${b.num} is approved.` : `The motion fails, and Bill ${b.num} is not reported.`);
  if (recused) say(CHAIR.label, `${title(recused)} may return to the dais.`);
  if (main.outcome === 'carried') {
    const due = dueDate(int(3, 12));
    const text = `I'd ask committee staff to file the report on Bill ${b.num} with the Secretary by ${due.text}.`;
    say(CHAIR.label, text);
    actions.push({ text, owner: 'committee staff', due: due.iso, owner_aliases: [] });
  }
}

// ---------------------------------------------------------------- build
header();
const perBill = Math.ceil((TARGET_WORDS - 9000) / BILLS.length);
BILLS.forEach((b, i) => {
  hearing(b, perBill);
  if (i === 4) {
    emit(`(Whereupon, at ${clock()}, a luncheon recess was taken.)`);
    minutes += 45;
    say(CHAIR.label, `We are back in session. The time is ${clock()} We continue with our hearing.`);
  }
});
say(CHAIR.label, `That concludes the public hearing portion of today's meeting. The time is ${clock()} We now turn to the markup.`);
const patterns: Pattern[] = shuffle<Pattern>(['plain', 'amend_voice', 'amend_roll_fail', 'amend_withdrawn', 'recusal', 'held', 'fail', 'amend_roll_pass', 'plain', 'plain']);
BILLS.forEach((b, i) => markup(b, patterns[i]));
const tech = 'I move that staff be given leave to make technical and conforming changes to the measures approved today.';
say(CHAIR.label, `${tech} Without objection, so ordered.`);
motions.push({ text: tech, mover: CHAIR.full, seconder: null, item: null, outcome: 'carried', tally: null, vote_kind: 'unanimous', votes: {}, amendment_of: null });
const gcDue = dueDate(int(5, 9));
const gcText = `I'm asking the General Counsel to circulate a legal sufficiency memo on every print approved today by ${gcDue.text}.`;
say(CHAIR.label, gcText);
actions.push({ text: gcText, owner: GENERAL_COUNSEL, due: gcDue.iso, owner_aliases: ['General Counsel'] });
const next = dueDate(19);
say(CHAIR.label, `Our next Committee of the Whole meeting is ${next.text}, at 10:00 a.m., in this room. This meeting is adjourned. The time is ${clock()}`);
emit(`(Whereupon, at ${clock()}, the meeting was adjourned.)`);
emit('CERTIFICATE OF TRANSCRIBER\nI certify that the foregoing is a true and accurate transcript of the audio recording of the proceedings. (Fictional document generated for evaluation.)');

const text = paras.join('\n\n') + '\n';
for (const m of motions) {
  const start = text.indexOf(m.text);
  if (start < 0 || text.indexOf(m.text, start + 1) >= 0) throw new Error(`motion text not unique: ${m.text}`);
  m.span = { start, end: start + m.text.length };
}
for (const a of actions) if (!text.includes(a.text)) throw new Error(`action text missing: ${a.text}`);

const labels = {
  file: basename(outPath),
  body: 'Council of the District of Columbia, Committee of the Whole',
  meeting_type: 'CITY COUNCIL',
  date: MEETING_DATE,
  time: '10:00',
  place: 'Council Chamber, Room 500, John A. Wilson Building, 1350 Pennsylvania Avenue NW, Washington, DC',
  presiding: CHAIR.full,
  present: present.map((m) => m.full),
  absent: absentMembers.map((m) => m.full),
  quorum: true,
  motions,
  actions,
  continued,
  next_meeting: `${next.iso} 10:00`,
  generated: {
    seed: SEED,
    words: countWords(text),
    pages: page,
    bills: BILLS.map((b) => b.file),
    roll_calls: motions.filter((m) => m.vote_kind === 'roll_call').length,
    failed: motions.filter((m) => m.outcome === 'failed').length,
    recusals: motions.filter((m) => m.tally && m.tally.recused > 0).length,
  },
};
mkdirSync(dirname(outPath), { recursive: true });
writeFileSync(outPath, text);
const labelPath = join(dirname(outPath), `${basename(outPath, extname(outPath))}.labels.json`);
writeFileSync(labelPath, JSON.stringify(labels, null, 2) + '\n');
console.log(`wrote ${outPath} (${labels.generated.words} words, ${page} pages, ${motions.length} motions, ${actions.length} actions) and ${labelPath}`);
