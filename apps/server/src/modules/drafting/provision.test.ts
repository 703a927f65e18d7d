import { describe, expect, it } from 'vitest';
import { analyzeRequest, noteAsSentences } from './analysis';
import { regulatedPhrase } from './home';
import { bodyDutiesIn, bodyNamed, enforcerIn, fineSteps, newSectionsAsked, provisionFor, remedyOf, statuteTime } from './provision';
import { requestRule, ruleHeading, rulePurpose } from './rule';

/** The operative text written from a request's facts (issue 32), each expected sentence written here by hand. */
const provisionOf = (query: string) => {
  const analysis = analyzeRequest('ordinance', query);
  return provisionFor(analysis, regulatedPhrase(analysis.topic), query);
};

describe('provisionFor', () => {
  it('hours: "A person shall not operate ... before 8:00 a.m. or after 6:00 p.m.", then the fine with its amount left open', () => {
    const p = provisionOf('An ordinance to limit the use of gas-powered leaf blowers to the hours between 8 a.m. and 6 p.m. and set a fine');
    expect(p).toEqual({
      written: true,
      heading: 'Gas-powered leaf blowers',
      rules: 1,
      sentences: ['A person shall not operate a gas-powered leaf blower before 8:00 a.m. or after 6:00 p.m.', 'A person who violates {rule} shall be subject to a civil fine of [amount].'],
    });
  });

  it('hours that differ by day, and a day with none: "except between … on weekdays or between … on Saturdays", then "on Sundays"', () => {
    const p = provisionOf('An ordinance to limit deliveries to grocery stores to 6 a.m. to 9 p.m. on weekdays and 8 a.m. to 6 p.m. on Saturdays, with no deliveries on Sundays, and set a $200 fine');
    expect(p.sentences).toEqual([
      'A person shall not perform deliveries to grocery stores except between 6:00 a.m. and 9:00 p.m. on weekdays or between 8:00 a.m. and 6:00 p.m. on Saturdays.',
      'A person shall not perform deliveries to grocery stores on Sundays.',
      'A person who violates {rule} shall be subject to a civil fine of $200.',
    ]);
    expect(p.rules).toBe(2);
    expect(provisionOf('restrict operating chainsaws in residential zones to between 9 a.m. and 5 p.m. on weekends').sentences[0]).toBe(
      'A person shall not operate chainsaws in residential zones except between 9:00 a.m. and 5:00 p.m. on weekends.',
    );
  });

  it('a duty with its fine and who enforces it, each from the request', () => {
    const p = provisionOf('An ordinance requiring vendors on public space to keep a trash receptacle at their stand and set a fine of $100, enforced by the Department of Public Works');
    expect(p.sentences).toEqual([
      'Vendors on public space shall keep a trash receptacle at their stand.',
      'A person who violates {rule} shall be subject to a civil fine of $100.',
      'The Department of Public Works shall enforce this section.',
    ]);
  });

  it('a prohibition of a sale names the act; a fine raised where none is set states the fine', () => {
    expect(provisionOf('An ordinance prohibiting the sale of energy drinks to anyone under 18').sentences).toEqual(['A person shall not sell energy drinks to anyone under 18.']);
    expect(provisionOf('An ordinance increasing the civil fine for idling a motor vehicle engine for more than 3 minutes').sentences).toEqual(['The civil fine for idling a motor vehicle engine shall be [amount].']);
  });

  it('a fine said of whom it binds and of each thing sold', () => {
    expect(provisionOf("An ordinance making it a violation for a car alarm to sound for more than 10 minutes, with a $50 fine for the car's owner").sentences).toEqual([
      'A car alarm shall not sound for more than 10 minutes.',
      "The car's owner shall be subject to a civil fine of $50 for each violation of {rule}.",
    ]);
    expect(provisionOf('An ordinance banning the sale of balloons filled with helium, with a $20 fine for each balloon sold').sentences).toEqual([
      'A person shall not sell balloons filled with helium.',
      'A person who violates {rule} shall be subject to a civil fine of $20 for each balloon sold.',
    ]);
  });

  it('a fine said as what follows a failure ("…, otherwise $40 per bin per day", "or else a $75 fine")', () => {
    expect(provisionOf('requiring haulers to return every emptied bin to the curb within 4 hours, otherwise $40 per bin per day').sentences).toEqual([
      'Haulers shall return every emptied bin to the curb within 4 hours.',
      'A person who violates {rule} shall be subject to a civil fine of $40 for each bin per day.',
    ]);
    expect(provisionOf('requiring kennels to post their license at the entrance, or else a $75 fine').sentences).toEqual([
      'Kennels shall post their license at the entrance.',
      'A person who violates {rule} shall be subject to a civil fine of $75.',
    ]);
  });

  it('what the later sentences say: a rule on how it is done after the fine, then the scope; nothing of the reason before the ask', () => {
    const p = provisionOf('Drones bother beachgoers. Draft an ordinance prohibiting anyone from flying a drone over a public beach without a permit. Permits would be issued by the Department of Parks. It should not apply to police drones. Fine of $300 per violation.');
    expect(p.sentences).toEqual([
      'A person shall not fly a drone over a public beach without a permit.',
      'A person who violates {rule} shall be subject to a civil fine of $300 for each violation.',
      'Permits shall be issued by the Department of Parks.',
      '{rules} shall not apply to police drones.',
    ]);
    expect(p.rules).toBe(1);
  });

  it.each([
    ['First violation gets a written warning, then $100, then $200 for every one after that.', 'a written warning for a first violation, a civil fine of $100 for a second violation, and a civil fine of $200 for each subsequent violation'],
    ['The fine is $100 for the first offense, $250 for the second, $500 thereafter.', 'a civil fine of $100 for a first violation, a civil fine of $250 for a second violation, and a civil fine of $500 for each subsequent violation'],
  ])('a fine in steps: %s', (said, steps) => expect(fineSteps(`Ban smoking at bus stops. ${said}`)).toBe(steps));

  it.each([
    ['Enforcement by the Police Department.', 'Police Department'],
    ['The Department of Environmental Protection will enforce, $250 fine.', 'Department of Environmental Protection'],
    ['Animal Services enforces.', 'Animal Services'],
    ['DOEE will enforce it.', 'DOEE'],
    ['to be enforced by the Fire Marshal', 'Fire Marshal'],
    ['Include penalties.', null],
    // The sentence before ends with a name: the body is the next sentence's alone.
    ['It does not apply to shelters in the District. The Department of Human Services enforces.', 'Department of Human Services'],
    ['D.C. Health enforces.', 'D.C. Health'],
  ])('who enforces: %s', (said, body) => expect(enforcerIn(`Ban smoking at bus stops. ${said}`)).toBe(body));

  it.each([
    ['Department of Public Works', 'The Department of Public Works'],
    ['Police Department', 'The Police Department'],
    ['Fire Marshal', 'The Fire Marshal'],
    ['Animal Services', 'Animal Services'],
    ['DOEE', 'DOEE'],
  ])('a body as a statute names it: %s', (body, named) => expect(bodyNamed(body)).toBe(named));

  it('"bill the owner" asks for no bill; "Can we require …" asks', () => {
    expect(analyzeRequest('ordinance', 'Owners must clear their sidewalks within 12 hours. If they do not, the city can clear it and bill the owner.').subject).toBe('Owners must clear their sidewalks within 12 hours');
    expect(analyzeRequest('ordinance', 'Parents complain about idling. Can we require drivers to turn off their engines near schools?').subject).toBe('require drivers to turn off their engines near schools');
  });

  it('a fine that rises; the asking sentence found after a reason', () => {
    expect(provisionOf('An ordinance prohibiting anyone from smoking at bus stops. Fine should be $50 for a first violation and $100 for each one after that.').sentences).toEqual([
      'A person shall not smoke at bus stops.',
      'A person who violates {rule} shall be subject to a civil fine of $50 for a first violation and a civil fine of $100 for each subsequent violation.',
    ]);
    expect(analyzeRequest('ordinance', 'Kids are getting hurt. Require every playground to post its rules.').subject).toBe('Require every playground to post its rules');
    // Said informally: what is asked follows "need something saying"; no one is bound by the asker's words.
    expect(provisionOf("honestly just need something saying landlords can't charge a fee to pay rent by check").sentences).toEqual(['Landlords shall not charge a fee to pay rent by check.']);
    // A time before a capital ends its sentence ("4 p.m. School buses … are exempt" is two), and keeps its own period; before a day it does not end it.
    expect(analyzeRequest('ordinance', 'An ordinance prohibiting trucks from idling near schools until 4 p.m. School buses are exempt.').subject).toBe('prohibiting trucks from idling near schools until 4 p.m.');
    expect(analyzeRequest('ordinance', 'An ordinance closing the market from 9 p.m. Friday to 6 a.m. Monday.').subject).toBe('closing the market from 9 p.m. Friday to 6 a.m. Monday');
  });

  it('what the rule\'s own sentence adds in a passive form follows the fine, which punishes the duties only', () => {
    expect(provisionOf('An ordinance saying that ticket sellers may not sell a ticket above face value, and any ticket sold in violation shall be refunded in full, with a $300 fine').sentences).toEqual([
      'Ticket sellers shall not sell a ticket above face value.',
      'A person who violates {rule} shall be subject to a civil fine of $300.',
      'Any ticket sold in violation shall be refunded in full.',
    ]);
  });

  it('a request of no shape it writes leaves the provision to the drafter, in brackets', () => {
    const p = provisionOf('An ordinance about the future of the waterfront');
    expect(p.written).toBe(false);
    expect(p.sentences).toEqual(['[Text of the new provision, in statutory form: address the future of the waterfront.]']);
  });

  it.each([
    ['8 a.m.', '8:00 a.m.'],
    ['6pm', '6:00 p.m.'],
    ['7:30 PM', '7:30 p.m.'],
  ])('statuteTime(%s) = %s', (given, time) => expect(statuteTime(given)).toBe(time));
});

describe('newSectionsAsked: the sections an edit asks to add (issue 32)', () => {
  it('writes each rule the edit asks for, its fine apart, and leaves out one it cannot read', () => {
    const asked = newSectionsAsked('add a section prohibiting the sale of energy drinks to minors and setting a fine of $100; add a section on hive registration and shorten the title');
    expect(asked).toEqual([
      {
        ask: 'add a section prohibiting the sale of energy drinks to minors and setting a fine of $100',
        heading: 'Energy drinks',
        sentences: ['A person shall not sell energy drinks to minors.', 'A person who violates {rule} shall be subject to a civil fine of $100.'],
        purpose: 'provide that no person shall sell energy drinks to minors',
      },
    ]);
  });

  it('a duty with a particle and its enforcer: "Dog owners shall clean up after their dogs."', () => {
    const [section] = newSectionsAsked('add a section saying that dog owners must clean up after their dogs, enforced by the Department of Health');
    expect(section.sentences).toEqual(['Dog owners shall clean up after their dogs.', 'The Department of Health shall enforce this section.']);
    expect(section.heading).toBe('Dog owners; cleaning up after their dogs');
    expect(section.purpose).toBe('require dog owners to clean up after their dogs');
  });
});

describe('a request written as a note (issue 32)', () => {
  it('reads each part of the note as the sentence it stands for (truth table by hand)', () => {
    const cases: [string, string][] = [
      [
        'Foam cups - ban for coffee shops + delis - effective March 1, 2027 - exempt hospitals, nursing homes - fines $75/$150/$300',
        'Coffee shops and delis may not use foam cups, effective March 1, 2027. Exempt hospitals and nursing homes. Fines of $75 for a first violation, $150 for a second violation, $500 for each subsequent violation.'.replace('$500', '$300'),
      ],
      ['Gas leaf blowers - banned in residential zones - fine $250', 'Ban gas leaf blowers in residential zones. Fine of $250.'],
      ['Vape shops - ban near schools - see details', 'Ban vape shops near schools. See details.'],
    ];
    for (const [note, sentences] of cases) expect(noteAsSentences(note)).toBe(sentences);
  });

  it('leaves a request written in sentences as it is, dashes and all', () => {
    for (const request of [
      'RV and trailer parking on residential streets. no one may park a trailer overnight. exception - loading - unloading for 24 hours',
      'She also wants replacement planting - two trees for every one removed - or a payment into the Tree Fund of $500 per tree.',
      'Single-use plastics - see details.',
      'Ban plastic straws at city parks.',
    ])
      expect(noteAsSentences(request)).toBe(request);
  });

  it('writes the rule, its start, its exemptions and its rising fines from the note', () => {
    const p = provisionOf(noteAsSentences('Foam cups - ban for coffee shops + delis - effective March 1, 2027 - exempt hospitals, nursing homes - fines $75/$150/$300'));
    expect(p.written).toBe(true);
    expect(p.sentences).toEqual([
      'Beginning March 1, 2027, coffee shops and delis shall not use foam cups.',
      'A person who violates {rule} shall be subject to a civil fine of $75 for a first violation, a civil fine of $150 for a second violation, and a civil fine of $300 for each subsequent violation.',
      '{rules} shall not apply to hospitals and nursing homes.',
    ]);
  });

  it('a ban that names no act is headed by what it bans, not by the act left to the drafter', () => {
    const p = provisionOf('Ban plastic straws at city parks.');
    expect(p.sentences[0]).toBe('A person shall not [sell, use, or distribute] plastic straws at city parks.');
    expect(p.heading).toBe('Plastic straws at city parks');
  });
});

describe('what the city does under the rule (issue 32)', () => {
  it('a remedy when the rule is not followed names whom it binds, the body, and what "it" stands for', () => {
    const p = provisionOf('Homeowners must cut weeds taller than 12 inches on their lots. If they fail to, the Department of Public Works can cut it and bill the homeowner. Fine $75.');
    expect(p.sentences).toEqual([
      'Homeowners shall cut weeds taller than 12 inches on their lots.',
      'A person who violates {rule} shall be subject to a civil fine of $75.',
      'If a homeowner fails to comply with {first}, the Department of Public Works may cut the weeds and bill the homeowner.',
    ]);
  });

  it('a body that does something under the rule is given it as a duty; a place named like one is not a body', () => {
    const p = provisionOf('Food trucks must park at least 50 feet from a restaurant entrance. The Office of Licensing issues the permits. The Potomac gets most of the litter.');
    expect(p.sentences).toEqual(['Food trucks shall park at least 50 feet from a restaurant entrance.', 'The Office of Licensing shall issue the permits.']);
    // A body whose name holds "Enforcement" is not said to enforce when it is given another duty.
    const q = provisionOf('Landlords must fix broken locks within 24 hours. Rental Housing Enforcement inspects the units. $200 fine.');
    expect(q.sentences.at(-1)).toBe('Rental Housing Enforcement shall inspect the units.');
    expect(q.sentences.join(' ')).not.toContain('[The enforcing agency]');
  });
});

describe('bans and exemptions as staff write them (issue 32)', () => {
  it('a ban of a chemical bans applying it; "exceptions:" lists what the rule does not reach, up to the next sentence', () => {
    const p = provisionOf('Lawn chemicals on school property — ban fertilizers & herbicides on athletic fields. exceptions: turf research plots, invasive plant removal. 48 hours posted notice first.');
    expect(p.sentences).toEqual(['A person shall not apply fertilizers and herbicides on athletic fields.', '{rules} shall not apply to turf research plots, or to invasive plant removal.']);
  });

  it('"X — we want it banned" bans the act named first; "are fine as long as they\'re …" and "aren\'t covered" are exemptions, and "fine" there is no fine', () => {
    const p = provisionOf("leaving grease bins open behind restaurants — we want it banned. sealed bins are fine as long as they're at least 10 ft from a storm drain. Licensed renderers aren't covered. $80 fine first, $160 after that");
    expect(p.sentences).toEqual([
      'A person shall not leave grease bins open behind restaurants.',
      'A person who violates {rule} shall be subject to a civil fine of $80 for a first violation and a civil fine of $160 for each subsequent violation.',
      '{rules} shall not apply to sealed bins that are at least 10 ft from a storm drain.',
      '{rules} shall not apply to licensed renderers.',
    ]);
  });

  it('an exemption said as what a person is doing applies to a person who is so; one said as a time, when', () => {
    const p = provisionOf('No one may swim at Lake Pointe beach after sunset. Exceptions: supervised by a lifeguard, training with the fire department. Exempt during a declared heat emergency.');
    expect(p.sentences).toEqual([
      'A person shall not swim at Lake Pointe beach after sunset.',
      '{rules} shall not apply to a person who is supervised by a lifeguard or training with the fire department.',
      '{rules} shall not apply during a declared heat emergency.',
    ]);
  });
});

describe('needs, as staff write them (issue 32)', () => {
  it('"those who want to V need a permit … first": no one may V without first obtaining it', () => {
    const p = provisionOf('Food vendors who want to sell at the farmers market need a vendor permit from the Market Office first. Fine $100.');
    expect(p.sentences[0]).toBe('A person shall not sell at the farmers market without first obtaining a vendor permit from the Market Office.');
  });

  it('what a class of things needs it shall have; what "we need" is no rule, and "New" of a class is kept', () => {
    const p = provisionOf('Playground rules. New playgrounds over 5,000 square feet need shaded benches for at least 12 adults. Fine $50.');
    expect(p.sentences[0]).toBe('New playgrounds over 5,000 square feet shall have shaded benches for at least 12 adults.');
    const q = provisionOf('With summer coming, we need shade rules before June. New playgrounds need shaded benches.');
    expect(q.sentences.join(' ')).not.toMatch(/\bwe shall\b/i);
    expect(q.sentences).toContain('New playgrounds shall have shaded benches.');
  });
});

describe("a permit's terms, as staff write them (issue 32)", () => {
  it('how long a permit is good for, what it allows and its fee become sentences of the section', () => {
    const p = provisionOf('Food trucks must obtain a street vending permit before parking on a city block. The permit is good for up to 30 days and can be renewed twice. Permit allows up to 2 trucks per block. Permit fee $120. A truck parked overnight is exempt.');
    expect(p.sentences).toEqual([
      'Food trucks shall obtain a street vending permit before parking on a city block.',
      'A permit issued under this section shall be valid for not more than 30 days and may be renewed twice.',
      'A permit issued under this section shall allow not more than 2 trucks per block.',
      'The fee for a permit under this section shall be $120.',
      '{rules} shall not apply to a truck parked overnight.',
    ]);
  });
});

describe('a limit on how many, how long each, and when (issue 32)', () => {
  it('"can we limit block parties to 2 per year per street, no more than 1 day each, and only between 10 a.m. and 9 p.m.?", after a complaint', () => {
    const query = 'neighbors on oak ave say the block parties never stop. can we limit block parties to 2 per year per street, no more than 1 day each, and only between 10 a.m. and 9 p.m.? tents cant block the fire lane';
    expect(analyzeRequest('ordinance', query).subject).toMatch(/^limit block parties to 2 per year per street/);
    expect(ruleHeading(requestRule(analyzeRequest('ordinance', query).topic, query)!)).toBe('Block parties');
    expect(provisionOf(query).sentences).toEqual([
      'The number of block parties at each street shall not exceed 2 per year.',
      'Each block party shall not exceed 1 day.',
      'A block party shall take place only between 10:00 a.m. and 9:00 p.m.',
      'Tents shall not block the fire lane.',
    ]);
  });

  it('an hour a span ends at stays in the topic ("… to 9 a.m. to 5 p.m.?"); a figure a change goes to does not', () => {
    expect(analyzeRequest('ordinance', 'could you draft something that limits saturday deliveries to 9 a.m. to 5 p.m.? thanks').topic).toMatch(/to 9 a\.m\. to 5 p\.m\.$/);
    expect(analyzeRequest('ordinance', 'Draft an ordinance to raise the parking fine to $75').topic).toBe('raise the parking fine');
  });
});

describe('a duty written as a note, a fine that adds up by the day, an exemption from one duty (issue 32)', () => {
  it('reads "owners of … to report …" as their duty, "$N fine … plus $M per day …" as both fines, "… are exempt from the first filing" as it says', () => {
    const p = provisionOf('Elevator inspections. operators of buildings with more than 4 floors to file an elevator inspection certificate with the Fire Marshal by March 1 each year. buildings under construction are exempt from the first filing. $500 fine for a missing certificate plus $25 per day after that');
    expect(p.sentences).toEqual([
      'Operators of buildings with more than 4 floors shall file an elevator inspection certificate with the Fire Marshal by March 1 each year.',
      'A person who violates {rule} shall be subject to a civil fine of $500, plus $25 for each day after that.',
      'Buildings under construction shall be exempt from the first filing.',
    ]);
  });

  it('"will be required to" is the request\'s own modal, not a note\'s "to"', () => {
    const p = provisionOf('Employers with 20 or more employees will be required to post the wage notice in the break room.');
    expect(p.sentences[0]).toBe('Employers with 20 or more employees shall post the wage notice in the break room.');
  });
});

describe('a fine by the day said before "fine", a second act joined by "or to", an exemption "left out", signs with no rule of their own (issue 32)', () => {
  it('"$250 per day fine" is a fine for each day of violation', () => {
    const p = provisionOf('Every owner of a vacant storefront shall keep its windows free of graffiti. Owners have to remove new graffiti within 48 hours. $250 per day fine.');
    expect(p.sentences).toContain('A person who violates {rule} shall be subject to a civil fine of $250 for each day of violation.');
  });

  it('"shall not V …, or to V them …" drops the second "to"; "or to persons under 21" keeps it', () => {
    const p = provisionOf('It will be a violation to chalk messages on a public sidewalk in front of a school, or to paint them onto crosswalks. Fine $75.');
    expect(p.sentences[0]).toBe('A person shall not chalk messages on a public sidewalk in front of a school, or paint them onto crosswalks.');
    const sale = provisionOf('Nobody may sell energy drinks to children under 16 at a school store, or to persons under 21 at a vending machine. Fine $100.');
    expect(sale.sentences[0]).toContain(', or to persons under 21');
  });

  it('"X should be left out of the restriction except where …" exempts X, the case kept', () => {
    const p = provisionOf('Nobody may post campaign signs on utility poles. Signs for community events should be left out of the restriction except where the pole is within 50 feet of a polling place. Fine $50.');
    expect(p.sentences).toContain('{rules} shall not apply to signs for community events, except where the pole is within 50 feet of a polling place.');
  });

  it('a body that "puts up the signs" posts signs giving notice of the section', () => {
    const p = provisionOf('Nobody may feed pigeons in any public plaza. The Department of Public Works puts up the signs. Fine: $25.');
    expect(p.sentences).toContain('The Department of Public Works shall post signs giving notice of this section.');
  });
});

describe('a request that asks "is it possible to …", a ban said by what may not be so, an exemption that "should be ok" (issue 32)', () => {
  it('drafts the rule asked and the ban, and exempts what "should be ok" rather than making it the rule', () => {
    const p = provisionOf("Is it possible to stop people from parking boats on their lawns? Maybe no boat or trailer kept on a front lawn for more than 7 days unless it's behind a fence. A kayak on a roof rack should be ok.");
    expect(p.sentences).toEqual([
      'A person shall not park boats on their lawns.',
      'A person shall not keep a boat or trailer on a front lawn for more than 7 days unless it is behind a fence.',
      '{rules} shall not apply to a kayak on a roof rack.',
    ]);
  });

  it('"No vehicle parked … shall be towed" is its own rule, not a ban on parking', () => {
    const p = provisionOf('Draft an ordinance on towing. No vehicle parked on a residential street shall be towed without 24 hours notice.');
    expect(p.sentences.join(' ')).not.toMatch(/shall not park/);
  });
});

describe('a body named "… Enforcement …" in a later sentence (issue 32)', () => {
  it('is no sanction and names no enforcer; what is established has the rules that follow it', () => {
    const p = provisionOf('Please draft an ordinance establishing a short-term rental registry. A host must register each unit with the Zoning Enforcement Office within 10 days after listing it. Hosts must post the registration number in every listing.');
    expect(p.sentences).toEqual([
      'There is established a short-term rental registry.',
      'A host shall register each unit with the Zoning Enforcement Office within 10 days after listing it.',
      'Hosts shall post the registration number in every listing.',
    ]);
  });
});

describe('"There shall be no …" and a fine after an hour (issue 32)', () => {
  it('keeps "There shall be no X that is …" as the rule, headed and titled by X', () => {
    const request = 'There shall be no outdoor lighting from any car dealership that shines onto a neighboring home between 10 p.m. and 6 a.m. Dealers must aim every floodlight downward. $250 fine.';
    const p = provisionOf(request);
    expect(p.sentences).toEqual([
      'There shall be no outdoor lighting from any car dealership that shines onto a neighboring home between 10 p.m. and 6 a.m.',
      'Dealers shall aim every floodlight downward.',
      'A person who violates {rule} shall be subject to a civil fine of $250.',
    ]);
    const rule = requestRule(analyzeRequest('ordinance', request).subject, request)!;
    expect(ruleHeading(rule)).toBe('Outdoor lighting');
    expect(rulePurpose(rule)).toBe('prohibit outdoor lighting from any car dealership that shines onto a neighboring home between 10 p.m. and 6 a.m.');
  });
});

describe('bans said by a noun: "No sales of …", "No new permit within …" (issue 32)', () => {
  it('"No sales of X …" bans selling X; "No new permit within …" is none issued there', () => {
    const p = provisionOf('Please draft an ordinance on vape shops. Every vape shop must hold a permit from the Department of Health. No sales of disposable vapes anywhere in the District. No new permit within 500 feet of a recreation center.');
    expect(p.sentences).toEqual([
      'Every vape shop shall hold a permit from the Department of Health.',
      'A person shall not sell disposable vapes anywhere in the District.',
      'No new permit shall be issued for a location within 500 feet of a recreation center.',
    ]);
  });
});

describe('a note\'s lists and its notice (issue 32)', () => {
  it('joins a comma list at the act\'s end and an exemption list, and reads "N hours posted notice before …"', () => {
    const p = provisionOf('Leaf blowers in city parks — ban gas blowers in parks, plazas, cemeteries. exceptions: storm cleanup, contractors with a city permit, snow removal. 48 hours posted notice before any other blower use in a park.');
    expect(p.sentences).toEqual([
      'A person shall not operate gas blowers in parks, plazas, or cemeteries.',
      '{rules} shall not apply to storm cleanup, to contractors with a city permit, or to snow removal.',
      'Notice shall be posted at least 48 hours before any other blower use in a park.',
    ]);
  });
});

describe('what repeated violations cost a permit (issue 32)', () => {
  it('"N violations in M months can lead to suspension of the X permit by B", "… and the license gets revoked for one year"', () => {
    const suspended = provisionOf('Nobody may run a leaf blower in a park before 8 a.m. Four violations in 6 months can lead to suspension of the landscaping permit by the Department of Parks.');
    expect(suspended.sentences).toContain('The Department of Parks may suspend the landscaping permit of a holder who commits four violations of this section within 6 months.');
    const revoked = provisionOf('Every food truck must hold a vending permit. Food trucks may not park within 100 feet of a restaurant. Two violations in a 12-month period and the permit gets revoked for two years.');
    expect(revoked.sentences).toContain('[The licensing agency] shall revoke the permit of a holder who commits two violations of this section within a 12-month period, for two years.');
  });
});

describe('the rule someone asked whether the city could make (ordinance-requests-dev3, read 2026-12-02)', () => {
  it('"the Harbor Master asked whether we could ban …" asks for the ban; a span of hours is no change of figures', () => {
    const request = 'After two collisions last summer, the Harbor Master asked whether we could ban jet skis in the inner harbor except on Saturdays from 9 a.m. to 6 p.m. The Harbor Master would like to present the plan next month.';
    const analysis = analyzeRequest('ordinance', request);
    expect(analysis.subject).toBe('ban jet skis in the inner harbor except on Saturdays from 9 a.m. to 6 p.m.');
    expect(analysis.changes).toEqual([]);
    expect(analysis.topic).toMatch(/from 9 a\.m\. to 6 p\.m/);
    // A change of hours a verb asks for is still one.
    expect(analyzeRequest('ordinance', 'Please draft an ordinance to move the closing time of city pools from 8 p.m. to 9 p.m.').changes).toEqual([{ from: '8', to: '9', unit: 'p.m.' }]);
  });
});

describe('a body that administers (ordinance-requests-dev2, read 2026-12-02)', () => {
  it('"Department of Transportation administers." is its duty to administer this section', () => {
    expect(bodyDutiesIn('Bike corral permits. Each permit covers one corral. Department of Transportation administers.').map((d) => d.said)).toEqual(['The Department of Transportation shall administer this section.']);
  });
});

describe('what the city may do to a thing that breaks the rule (ordinance-requests-dev3, read 2026-12-02)', () => {
  it('"Any sign posted without a permit, Code Enforcement can remove after 24 hours\' notice" is its power to remove it', () => {
    expect(remedyOf("Yard signs need a permit. Any sign posted without a permit, the Department of Buildings can remove after 24 hours' notice to the owner.", null)).toBe("The Department of Buildings may remove any sign posted without a permit after 24 hours' notice to the owner.");
    expect(remedyOf('Anything left on the sidewalk overnight, the city can haul away.', null)).toBeNull();
  });
});
