import { describe, expect, it } from 'vitest';
import { chooseHome, type HomeCandidate, headOf, rarity, regulatedPhrase, subjectWords } from './home';

/**
 * Where a new rule belongs (issue 32): by what a section regulates, its subject's words weighed by
 * their rarity in the code, never by one shared common word. The candidates are written here, with
 * the words' counts in a code of 20,000 sections, so each rule is seen to decide.
 */
const section = (number: string, title: string, text: string, chapterTitle = 'Chapter', subchapterTitle: string | null = null): HomeCandidate => ({
  id: number,
  number,
  title,
  text,
  titleNumber: '8',
  titleName: 'Title',
  chapter: '1',
  chapterTitle,
  subchapter: subchapterTitle ? 'I' : null,
  subchapterTitle,
});
/** How many of 20,000 sections hold each word. */
const weightsOf = (phrase: string, holding: Record<string, number>) => {
  const words = subjectWords(phrase);
  return { words, weights: new Map(words.map((w) => [w.stem, rarity(20_000, holding[w.word] ?? 0)])) };
};

describe('regulatedPhrase: what a request regulates', () => {
  it.each([
    ['limit the use of gas-powered leaf blowers to the hours between 8 a.m. and 6 p.m. and set a fine', 'gas-powered leaf blowers'],
    ['increasing the civil fine for idling a motor vehicle engine for more than 3 minutes', 'idling a motor vehicle engine'],
    ['requiring owners of vacant buildings to post a sign with a 24-hour contact phone number', 'owners of vacant buildings'],
    ['prohibiting the sale of energy drinks to anyone under 18', 'energy drinks'],
    ['creating a volunteer snow shoveling program run by Serve DC', 'volunteer snow shoveling program'],
  ])('%s -> %s', (subject, phrase) => {
    expect(regulatedPhrase(subject)).toBe(phrase);
  });
});

describe('chooseHome', () => {
  const leaf = weightsOf('gas-powered leaf blowers', { gas: 300, powered: 2000, leaf: 20, blowers: 0 });
  const plumbers = section('§ 2-135', 'Regulation of plumbing; licensing of plumbers and gas-fitters; noncompliance', 'No person shall engage in the business of plumbing or gas-fitting without a license.');

  it('a heading sharing one common word ("gas") is not the home: the rule is a new section, and the note says why', () => {
    const home = chooseHome([{ phrase: 'gas-powered leaf blowers', words: leaf.words }], leaf.weights, [plumbers]);
    expect(home.action).toBe('new');
    expect(home.action === 'new' && home.place).toBeNull();
    expect(home.reason).toBe('No section or chapter of the code regulates gas-powered leaf blowers, so the provision is a new section; its place in the code is left for the drafter. The closest heading, § 2-135 (Regulation of plumbing; licensing of plumbers and gas-fitters; noncompliance), regulates something else.');
    expect(home.related).toEqual([]);
  });

  it('the section whose heading and a sentence name the subject is its home: amended', () => {
    const vacant = weightsOf('owners of vacant buildings', { owners: 3000, vacant: 120, buildings: 1500 });
    const registration = section('§ 42-3131.06', 'Registration of vacant buildings', '(a) The owner of a vacant building shall register the building with the Mayor.');
    const tax = section('§ 47-813', 'Tax rates', 'Vacant real property is taxed at the rate of $5 per $100.');
    const home = chooseHome([{ phrase: 'owners of vacant buildings', words: vacant.words }], vacant.weights, [tax, registration]);
    expect(home).toMatchObject({ action: 'amend', section: { number: '§ 42-3131.06' }, reason: 'The new provision is added to § 42-3131.06 (Registration of vacant buildings), the section that regulates owners of vacant buildings.' });
  });

  it('of sections that regulate the topic alike, the one whose text speaks of the rule\'s act is the home (riding after dark with a headlight: operation, not rulemaking)', () => {
    const pmd = weightsOf('personal mobility device', { personal: 900, mobility: 60, device: 300 });
    const act = weightsOf('ride a personal mobility device after dark unless it has a working white headlight', { ride: 200, dark: 40, working: 800, white: 150, headlight: 12 });
    const words = act.words.filter((w) => !pmd.words.some((p) => p.stem === w.stem));
    const weights = new Map([...pmd.weights, ...act.weights]);
    const rules = section('§ 50-2201.03a', 'Regulations for personal mobility devices', 'The Mayor may issue rules for personal mobility devices.');
    const operation = section('§ 50-2201.04a', 'Operation of personal mobility devices', 'A personal mobility device may be operated on a sidewalk. A person who rides a personal mobility device at night shall use a headlight.');
    const topic = [{ phrase: 'personal mobility device', words: pmd.words }];
    expect(chooseHome(topic, weights, [rules, operation], words)).toMatchObject({ action: 'amend', section: { number: '§ 50-2201.04a' } });
    // Without the act, the two are alike and the first is taken: the act decides.
    expect(chooseHome(topic, weights, [rules, operation])).toMatchObject({ action: 'amend', section: { number: '§ 50-2201.03a' } });
  });

  it("of sections that regulate the topic alike, the one that lays duties on whom the rule binds is the home (a carriage horse's rest: the owner's duties, not the trade's licence)", () => {
    const actor = weightsOf('owns or operates a horse in the horse-drawn carriage trade', { owns: 2000, operates: 3000, horse: 40, drawn: 60, carriage: 50, trade: 900 });
    const horse = weightsOf('horse', { horse: 40 });
    const weights = new Map([...actor.weights, ...horse.weights]);
    const topics = [
      { phrase: 'owns or operates a horse in the horse-drawn carriage trade', words: actor.words },
      { phrase: 'horse', words: horse.words },
    ];
    // § 8-2002 and § 8-2005 as they open (cut): the licence's sentences bind no one by the actor's words; the care section binds the owner and operator.
    const licence = section('§ 8-2002', 'Horse-drawn carriage trade regulation', '(a) It shall be unlawful to operate a horse-drawn carriage trade in the District without a license. (b) A person may be issued a license to operate a horse-drawn carriage trade, and an identification card for each horse. (d) No person shall drive a carriage engaged in the horse-drawn carriage trade unless he or she holds a license.');
    const care = section('§ 8-2005', 'Care and use of horses in horse-drawn carriage trade', '(a) An owner, operator, or custodian of a horse engaged in the horse-drawn carriage trade shall: (1) Not work a horse for more than 8 hours in any 24-hour period; (2) Provide for adequate rest periods for a horse.');
    expect(chooseHome(topics, weights, [licence, care], [], actor.words)).toMatchObject({ action: 'amend', section: { number: '§ 8-2005' } });
    // Without whom it binds, the heading most about the rule's words is taken: the licence's.
    expect(chooseHome(topics, weights, [licence, care])).toMatchObject({ action: 'amend', section: { number: '§ 8-2002' } });
  });

  it("a heading is about the rule when the rule's act names what it is about too (a hydrant cleared from the sidewalk: the sidewalk owner's section)", () => {
    const owners = weightsOf('property owners', { property: 3000, owners: 2500 });
    const hydrant = weightsOf('snow and ice from any fire hydrant', { snow: 40, ice: 60, fire: 700, hydrant: 15 });
    const act = weightsOf('clear the snow and ice from any fire hydrant on that stretch of sidewalk', { clear: 600, stretch: 30, sidewalk: 150 });
    const actWords = act.words.filter((w) => !hydrant.words.some((h) => h.stem === w.stem));
    const weights = new Map([...owners.weights, ...hydrant.weights, ...act.weights]);
    const topics = [
      { phrase: 'property owners', words: owners.words },
      { phrase: 'snow and ice from any fire hydrant', words: hydrant.words },
    ];
    // § 9-601 as it opens (cut).
    const sidewalks = section('§ 9-601', 'Removal from sidewalks by owner of abutting property', 'The owner of any property abutting a paved sidewalk shall remove all snow and ice from the sidewalk within 8 hours after the snow or ice stops falling.', 'Removal of Snow and Ice From Streets and Sidewalks');
    expect(chooseHome(topics, weights, [sidewalks], actWords, owners.words)).toMatchObject({ action: 'amend', section: { number: '§ 9-601' } });
    // Its heading's "sidewalks" is the act's word, not a topic's: without the act the heading is not about the rule.
    expect(chooseHome(topics, weights, [sidewalks])).toMatchObject({ action: 'new' });
  });

  it("a new section is not put beside a section whose heading only names the rule's word (a stone shop's workers: not the Skyland Shopping Center)", () => {
    const shop = weightsOf('any shop', { shop: 120 });
    const workers = weightsOf('countertop workers', { countertop: 0, workers: 900 });
    const weights = new Map([...shop.weights, ...workers.weights]);
    const topics = [
      { phrase: 'any shop', words: shop.words },
      { phrase: 'countertop workers', words: workers.words },
    ];
    // § 2-1225.42 as it reads (cut): it names a shopping center, and regulates eminent domain.
    const skyland = section('§ 2-1225.42', 'Further exercise of eminent domain at Skyland Shopping Center', 'The Mayor may acquire by eminent domain any shop or other property within the Skyland Shopping Center site.', 'Business and Economic Development');
    const home = chooseHome(topics, weights, [skyland]);
    expect(home).toMatchObject({ action: 'new' });
    expect(home.action === 'new' && home.near?.number).not.toBe('§ 2-1225.42');
  });

  it('a heading on the words over a text about something else is not the home ("legal drinking age" for "energy drinks")', () => {
    const drinks = weightsOf('energy drinks', { energy: 400, drinks: 150 });
    const age = section('§ 25-713', 'Retail licensee required to post current legal drinking age', 'Each licensee shall post a sign stating the legal drinking age of 21.');
    expect(chooseHome([{ phrase: 'energy drinks', words: drinks.words }], drinks.weights, [age]).action).toBe('new');
  });

  it('a vendor is of the family of vending: "Vending from public space" regulates vendors on public space', () => {
    const vendors = weightsOf('vendors on public space', { vendors: 60, public: 6000, space: 900 });
    const vending = section('§ 37-131.02', 'Vending from public space', 'A vendor shall not vend from public space without a license.');
    expect(chooseHome([{ phrase: 'vendors on public space', words: vendors.words }], vendors.weights, [vending])).toMatchObject({ action: 'amend', section: { number: '§ 37-131.02' } });
  });

  it('a rule of two topics: the section that regulates whom it binds is its home when a sentence speaks of both', () => {
    const holding = { beekeepers: 4, fresh: 60, water: 1000, source: 700, hotels: 90, housekeepers: 2, panic: 1, buttons: 3 };
    const bees = { beekeepers: weightsOf('beekeepers', holding), object: weightsOf('fresh water source', holding) };
    const weights = new Map([...bees.beekeepers.weights, ...bees.object.weights]);
    const topics = [
      { phrase: 'beekeepers', words: bees.beekeepers.words },
      { phrase: 'fresh water source', words: bees.object.words },
    ];
    const beekeeping = section('§ 8-1825.04', 'Beekeeping requirements', 'A beekeeper shall provide a water source for the colony.');
    expect(chooseHome(topics, weights, [beekeeping])).toMatchObject({ action: 'amend', reason: 'The new provision is added to § 8-1825.04 (Beekeeping requirements), the section that regulates beekeepers.' });
    // Whom it binds named in a heading whose text says nothing of what it acts on: not its home.
    const hotel = { hotels: weightsOf('hotels', holding), object: weightsOf('housekeepers panic buttons', holding) };
    const hotelTopics = [
      { phrase: 'hotels', words: hotel.hotels.words },
      { phrase: 'housekeepers panic buttons', words: hotel.object.words },
    ];
    const hotelTax = section('§ 47-2002.02', 'Hotels', 'Hotels shall pay a tax on the rent of each room.');
    expect(chooseHome(hotelTopics, new Map([...hotel.hotels.weights, ...hotel.object.weights]), [hotelTax]).action).toBe('new');
  });

  it('whom the rule binds alone does not make a section about more than them its home when its text never speaks of the act', () => {
    const holding = { motor: 870, vehicles: 1000, idle: 5, minutes: 900, school: 1200 };
    const vehicles = weightsOf('motor vehicles', holding);
    const act = weightsOf('idle for more than 3 minutes within 100 feet of a school', holding);
    const topics = [
      { phrase: 'motor vehicles', words: vehicles.words },
      { phrase: 'idle', words: weightsOf('idle', holding).words },
    ];
    const weights = new Map([...vehicles.weights, ...act.weights]);
    const theft = section('§ 22-3215', 'Unauthorized use of motor vehicles', 'A person commits the offense of unauthorized use of a motor vehicle if the person takes a motor vehicle without consent. No motor vehicle shall be idle property.');
    const actWords = act.words.filter((w) => !['idl'].includes(w.stem));
    expect(chooseHome(topics, weights, [theft], actWords, vehicles.words).action).toBe('new');
    // The same section, its text speaking of the act: it is the home.
    const idling = section('§ 22-3215', 'Unauthorized use of motor vehicles', 'A person commits the offense of unauthorized use of a motor vehicle if the person takes a motor vehicle without consent. No motor vehicle shall be idle property within 100 feet of a school for more than 3 minutes.');
    expect(chooseHome(topics, weights, [idling], actWords, vehicles.words).action).toBe('amend');
  });

  it('a heading that names the subject but is about something else is not its home', () => {
    const hotels = weightsOf('hotels', { hotels: 90 });
    const discrimination = section('§ 47-2902', 'Discrimination because of race or color prohibited in licensed hotels and restaurants; penalty', 'No licensed hotel shall refuse to serve any person because of race or color.');
    expect(chooseHome([{ phrase: 'hotels', words: hotels.words }], hotels.weights, [discrimination]).action).toBe('new');
    const licensing = section('§ 47-2828', 'Hotels', 'A hotel shall keep a register of its guests.');
    expect(chooseHome([{ phrase: 'hotels', words: hotels.words }], hotels.weights, [discrimination, licensing])).toMatchObject({ action: 'amend', section: { number: '§ 47-2828' } });
  });

  it('a section retrieval does not rank near the top for the whole request is not amended, however its heading reads (issue 32: "Board of Elections authority" for livestreamed audits)', () => {
    const vacant = weightsOf('owners of vacant buildings', { owners: 3000, vacant: 120, buildings: 1500 });
    const registration = section('§ 42-3131.06', 'Registration of vacant buildings', '(a) The owner of a vacant building shall register the building with the Mayor.');
    const tax = section('§ 47-813', 'Tax rates', 'Vacant real property is taxed at the rate of $5 per $100.');
    const topics = [{ phrase: 'owners of vacant buildings', words: vacant.words }];
    expect(chooseHome(topics, vacant.weights, [tax, registration], [], [], new Set(['§ 47-813'])).action).toBe('new');
    expect(chooseHome(topics, vacant.weights, [tax, registration], [], [], new Set(['§ 47-813', '§ 42-3131.06']))).toMatchObject({ action: 'amend', section: { number: '§ 42-3131.06' } });
  });

  it('a heading names the topic by the word its phrase is about, though a rarer modifier is missing ("Post-election audits" for "public post-election manual audits")', () => {
    const audits = weightsOf('public post-election manual audits', { public: 5000, 'post-election': 40, manual: 30, audits: 80 });
    // "post-election" is one word, as the code's reader takes it from the heading.
    expect(audits.words.map((w) => w.stem)).toEqual(['public', 'post-elect', 'manual', 'audit']);
    expect(headOf({ phrase: 'public post-election manual audits on its website', words: audits.words })).toBe('audit');
    const audit = section('§ 1-1001.09a', 'Post-election audits', '(a) The Board shall conduct a public post-election manual audit of the votes cast.');
    expect(chooseHome([{ phrase: 'public post-election manual audits', words: audits.words }], audits.weights, [audit])).toMatchObject({ action: 'amend', section: { number: '§ 1-1001.09a' } });
  });

  it('of sections that regulate the topic alike, the one whose heading names the duties of whom the rule binds is the home, though its text lists them as "It shall be unlawful to:"', () => {
    const holding = { owners: 2500, dangerous: 150, dog: 30, liability: 1500, insurance: 1700, maintain: 2000 };
    const owners = weightsOf('owners of a dangerous dog', holding);
    const insurance = weightsOf('liability insurance', holding);
    const act = weightsOf('maintain', holding);
    const weights = new Map([...owners.weights, ...insurance.weights, ...act.weights]);
    const topics = [
      { phrase: 'owners of a dangerous dog', words: owners.words },
      { phrase: 'liability insurance', words: insurance.words },
    ];
    // § 8-1902 and § 8-1905 as they read (cut).
    const determination = section('§ 8-1902', 'Determination of a potentially dangerous or dangerous dog', '(a) The owner of a dangerous dog shall be given notice of the determination and may request a hearing. (b) A dangerous dog whose owner does not maintain liability insurance may be impounded.');
    const duties = section('§ 8-1905', 'Dangerous dog and potentially dangerous dog owner responsibilities', 'It shall be unlawful to: (1) Keep a dangerous dog without a certificate of registration; (2) Fail to maintain liability insurance for a dangerous dog owned.');
    expect(chooseHome(topics, weights, [determination, duties], act.words, owners.words)).toMatchObject({ action: 'amend', section: { number: '§ 8-1905' } });
  });

  it('no section regulates it, but a sentence of a chapter speaks to it: a new section in that chapter, which the draft cites', () => {
    const idling = weightsOf('idling a motor vehicle engine', { idling: 5, motor: 870, vehicle: 1000, engine: 230 });
    const air = section('§ 8-101.05', 'Comprehensive air pollution control program', '(1) Make available a complaint form for complaints of odors and engine idling;', 'Environmental Controls', 'Air Pollution Control');
    const brownfield = section('§ 8-631.02', 'Definitions', '(2) "Brownfield" means abandoned, idled property. (3) "Motor vehicle" means any vehicle.', 'Brownfield Revitalization', 'Definitions');
    const home = chooseHome([{ phrase: 'idling a motor vehicle engine', words: idling.words }], idling.weights, [brownfield, air]);
    expect(home).toMatchObject({ action: 'new', place: { chapter: '1', chapterTitle: 'Environmental Controls', subchapterTitle: 'Air Pollution Control' }, near: { number: '§ 8-101.05' } });
    expect(home.reason).toMatch(/^No section of the code regulates idling a motor vehicle engine, so the provision is a new section, added to Environmental Controls \(Air Pollution Control\), where § 8-101\.05/);
    expect(home.related).toEqual(['§ 8-101.05']);
  });

  it('a new section is placed by a section retrieval ranks near the top for the whole request, and never by findings or definitions: else its place is left for the drafter (a wrong chapter misleads counsel)', () => {
    const changing = weightsOf('baby changing station', { baby: 9, changing: 300, station: 400 });
    const topics = [{ phrase: 'baby changing station', words: changing.words }];
    const benefits = section('§ 1-621.06', 'Types of benefits', 'A plan may cover the care of a baby at a changing station.', 'Merit Personnel System', 'Health Benefits');
    // Not among retrieval's first sections: no place, though its sentence holds the words.
    const unconfirmed = chooseHome(topics, changing.weights, [benefits], [], [], new Set(['§ 6-101']));
    expect(unconfirmed).toMatchObject({ action: 'new', place: null, near: null });
    expect(unconfirmed.reason).toMatch(/its place in the code is left for the drafter/);
    // The law on the subject is still cited.
    expect(unconfirmed.related).toEqual(['§ 1-621.06']);
    // Ranked by retrieval, it places the section; a "Findings and purposes" section does not, ranked or not.
    expect(chooseHome(topics, changing.weights, [benefits], [], [], new Set(['§ 1-621.06']))).toMatchObject({ action: 'new', near: { number: '§ 1-621.06' } });
    const findings = section('§ 2-1402.81', 'Findings and purposes', 'The Council finds that a parent needs a baby changing station.', 'Human Rights', 'Lactation');
    expect(chooseHome(topics, changing.weights, [findings], [], [], new Set(['§ 2-1402.81']))).toMatchObject({ action: 'new', place: null });
  });

  it('a subject named by a compound ("garage sales") is spoken of where its words stand together: the service-station chapter\'s "garage" and "sale" apart place nothing', () => {
    const sales = weightsOf('garage sales', { garage: 60, sales: 900 });
    const topics = [{ phrase: 'garage sales', words: sales.words }];
    // § 36-304.01 as it reads (cut): "garage" and "sale" in one sentence, about something else.
    const station = section('§ 36-304.01', 'Prohibition on conversions', 'A full service retail service station provides a garage or service bay and is engaged in the retail sale of motor fuel.', 'Retail Service Stations', 'Moratorium on Conversions');
    expect(chooseHome(topics, sales.weights, [station], [], [], new Set(['§ 36-304.01']))).toMatchObject({ action: 'new', place: null, near: null });
    const permits = section('§ 47-2836', 'Temporary sales', 'No garage sale shall be held without a temporary sales permit.', 'Business Licenses', 'Temporary Sales');
    expect(chooseHome(topics, sales.weights, [station, permits], [], [], new Set(['§ 36-304.01', '§ 47-2836']))).toMatchObject({ action: 'new', near: { number: '§ 47-2836' } });
  });
});

describe('chooseHome: a chapter that lists properties is no place for a rule (ordinance-requests-dev3, read 2026-12-02)', () => {
  it('a tax exemption that names a community garden does not regulate gardening there', () => {
    const garden = weightsOf('gardening at a city-owned community garden', { gardening: 4, city: 3000, owned: 900, community: 1200, garden: 40 });
    const exemption = section('§ 47-1062', 'Riverside Community Garden', 'The real property known as the Riverside Community Garden shall be exempt from taxation so long as it is used as a community garden.', 'Property Exempt from Taxation');
    const home = chooseHome([{ phrase: 'gardening at a city-owned community garden', words: garden.words }], garden.weights, [exemption], [], [], new Set(['§ 47-1062']));
    expect(home.action).toBe('new');
    expect(home.action === 'new' && home.place).toBeNull();
  });
});
