import { describe, expect, it } from 'vitest';
import { baseOfGerund, ruleHeading, ruleOf, rulePurpose, ruleSentence } from './rule';

/** A rule as requests say it (issue 32), each statute sentence written here by hand. */
describe('ruleOf and ruleSentence', () => {
  it.each([
    ['requiring landlords to give tenants 60 days of notice before a rent increase', 'Landlords shall give tenants 60 days of notice before a rent increase.'],
    ['makes dog walkers carry a leash for every dog, so that no dog runs loose', 'Dog walkers shall carry a leash for every dog.'],
    ['prohibiting contractors from operating jackhammers, drills or saws on Sundays', 'Contractors shall not operate jackhammers, drills or saws on Sundays.'],
    ['stops pharmacies from selling cough syrup to minors, and requires a sign at the counter', 'Pharmacies shall not sell cough syrup to minors.'],
    ['banning the sale of plastic foam coolers -- the cheap kind -- anywhere in the District, with a $50 fine', 'A person shall not sell plastic foam coolers anywhere in the District.'],
    ['banning smoking in bus shelters', 'A person shall not smoke in bus shelters.'],
    ['saying no one may park a boat trailer on a residential street unless it is hitched to a vehicle', 'A person shall not park a boat trailer on a residential street unless it is hitched to a vehicle.'],
    ['saying that food trucks must keep a fire extinguisher on board and must not idle overnight', 'Food trucks shall keep a fire extinguisher on board and shall not idle overnight.'],
    ['regulating pedicabs: drivers must carry insurance and may not carry more than 3 passengers', 'Drivers shall carry insurance and shall not carry more than 3 passengers.'],
    ['capping late fees on residential rent at 5% of the monthly rent', 'The late fees on residential rent shall not exceed 5% of the monthly rent.'],
    ['requiring owners who already have to register their dogs to also microchip them', 'Owners who already have to register their dogs shall also microchip them.'],
    ['makes taverns with a late-night license keep a log of closing times', 'Taverns with a late-night license shall keep a log of closing times.'],
    ['exempting school uniforms from the sales tax, starting July 1, 2027', 'School uniforms shall be exempt from the sales tax.'],
  ])('%s', (subject, sentence) => {
    const rule = ruleOf(subject);
    expect(rule).not.toBeNull();
    expect(ruleSentence(rule!)).toBe(sentence);
  });

  it('a long title\'s purpose from the rule, when the request\'s own verb makes none', () => {
    expect(rulePurpose(ruleOf('makes beekeepers keep a fresh water source within 20 feet of each hive')!)).toBe('require beekeepers to keep a fresh water source within 20 feet of each hive');
    expect(rulePurpose(ruleOf('saying no one may ride a scooter after dark unless it has a light')!)).toBe('provide that no person shall ride a scooter after dark unless it has a light');
    expect(rulePurpose(ruleOf('stops pharmacies from selling cough syrup to minors')!)).toBe('provide that pharmacies shall not sell cough syrup to minors');
  });

  it('a request that states no rule is not read as one', () => {
    expect(ruleOf('the future of the waterfront')).toBeNull();
    expect(ruleOf('creating a volunteer snow shoveling program run by Serve DC')).toBeNull();
  });

  it('a new section is headed by whom the rule binds and what it acts on', () => {
    expect(ruleHeading(ruleOf('makes beekeepers keep a fresh water source within 20 feet of each hive')!)).toBe('Beekeepers; fresh water source');
    expect(ruleHeading(ruleOf('banning smoking in sidewalk cafés, patios and other outdoor dining areas')!)).toBe('Smoking in sidewalk cafés');
    expect(ruleHeading(ruleOf('prohibiting the sale of energy drinks to anyone under 18')!)).toBe('Energy drinks');
    // A one-word object with its duty's noun; a long object by its head.
    expect(ruleHeading(ruleOf('requiring beekeepers to register each hive with the Department of Health')!)).toBe('Beekeepers; hive registration');
    expect(ruleHeading(ruleOf('requiring dog owners to vaccinate their dogs every year')!)).toBe('Dog owners; dog vaccination');
    expect(ruleHeading(ruleOf('requiring landscaping contractors to keep a log of the hours each leaf blower is used')!)).toBe('Landscaping contractors; log');
    // What it acts on, without where it is held; whom it binds, without an article.
    expect(ruleHeading(ruleOf('makes the Board of Elections livestream its public post-election manual audits on its website')!)).toBe('Board of Elections; public post-election manual audits');
  });

  it.each([
    ['smoking', 'smoke'],
    ['flying', 'fly'],
    ['launching', 'launch'],
    ['idling', 'idle'],
    ['cutting', 'cut'],
    ['selling', 'sell'],
    ['excluding', 'exclude'],
    ['riding', 'ride'],
    ['parking', 'park'],
    ['adding', 'add'],
    ['operating', 'operate'],
    ['organizing', 'organize'],
    ['securing', 'secure'],
    ['closing', 'close'],
    ['requiring', 'require'],
    ['charging', 'charge'],
    ['bringing', 'bring'],
    ['placing', 'place'],
    ['issuing', 'issue'],
    ['leaving', 'leave'],
    ['driving', 'drive'],
  ])('baseOfGerund(%s) = %s', (gerund, verb) => expect(baseOfGerund(gerund)).toBe(verb));

  it('reads in time linear in the request: 40,000 characters of colons take well under a second (one pattern over the whole request took seconds)', () => {
    const long = `regulating kiosks${': a'.repeat(13_000)} must`;
    const started = performance.now();
    ruleOf(long);
    expect(performance.now() - started).toBeLessThan(1_000);
  });
});
