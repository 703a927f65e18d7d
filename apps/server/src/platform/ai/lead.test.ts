import { describe, expect, it } from 'vitest';
import { actorIn, askedFor, ASKS_ADDRESSEE, dutyBearerIn, exceptionOf, figureIn, figureOfCase, isPenalty, unitAsked, yesOrNo } from './lead';
import { isSubjectWord } from './support';

describe('the answer sentence reads what was asked in the provision\'s own words', () => {
  it('keeps the words that say what a figure bounds, a "not" included', () => {
    expect(figureIn('The CPO may establish a streamlined process for contracts not exceeding $100,000.', 'amount')).toBe('not exceeding $100,000');
    expect(figureIn('A fee in excess of $250 requires advance payment.', 'amount')).toBe('in excess of $250');
    expect(figureIn('shall within 15 days (except Saturdays, Sundays, and legal public holidays) of the receipt', 'period')).toBe('within 15 days (except Saturdays, Sundays, and legal public holidays)');
    // A deadline rather than an age.
    expect(figureIn('An owner who has a dog over the age of 4 months shall, within 10 days of acquiring the dog, obtain a license.', 'period')).toBe('within 10 days');
    expect(figureIn('All activity for a block party shall conclude by 10 p.m.', 'clock')).toBe('by 10 p.m.');
    // "business" ends in s but counts nothing: "2 business days" is a period, no count.
    expect(figureIn('Within 2 business days of the 10th unexcused absence, the institution shall notify the Office.', 'count')).toBeNull();
    // A penalty is a fine or a term served, never the deadline to pay one (§ 8-807(h)(1) for "what is the penalty for littering?").
    expect(figureIn('The Mayor shall require the payment of an interest charge to be assessed against the total fine, penalty, and charge that have not been satisfied, in full, within 30 days of the date that final notice is mailed.', 'penalty')).toBeNull();
    expect(figureIn('A violation shall be punishable by imprisonment of not more than 90 days.', 'penalty')).toBe('imprisonment of not more than 90 days');
    expect(figureIn('A violation shall be punishable by a fine of not more than $300, imprisonment of not more than 90 days, or both.', 'penalty')).toBe('a fine of not more than $300');
  });

  it('knows what kind of answer a question asks for (truth table by hand)', () => {
    const cases: [string, ReturnType<typeof askedFor>][] = [
      ['How long does the District have to respond to a FOIA request?', 'period'],
      ['Can that be extended?', 'yes_no'],
      ['What time must a block party end?', 'clock'],
      ['Who decides an appeal of a records denial?', 'who'],
      ['How many witnesses does a will need?', 'count'],
      // The clause after what the question takes for granted asks.
      ["Since D.C. law caps security deposits at two months' rent, can a landlord ask for 1.5 months?", 'yes_no'],
      ["What's the fine if I don't shovel?", 'penalty'],
      ['What does a removal permit cost?', 'amount'],
      // Opening and closing hours are times of day: "The hearing shall be open to the public" states none.
      ["What are the opening and closing hours for the city's public dog parks?", 'clock'],
      // Who asks, said first, is not the question: "Bakery owner: am I …?" asks yes or no.
      ['Bakery owner: am I still allowed to hand out samples on the sidewalk?', 'yes_no'],
      ['Library staff here - can we close the reading room early on Fridays?', 'yes_no'],
      ['Note: how long does the city keep a complaint on file?', 'period'],
      ["What's the most dogs I can keep in one apartment?", 'count'],
      ["What's the most I can be fined for it?", 'penalty'],
      // A deadline the story tells of is not asked; one the question asks for is.
      ['I missed the deadline to renew my permit. What are my options now?', 'other'],
      ['I missed the renewal deadline. What is the new deadline?', 'period'],
      ["What's the time limit for contesting a towing charge?", 'period'],
    ];
    for (const [question, kind] of cases) expect(askedFor(question), question).toBe(kind);
  });

  it('says yes or no only from the provision\'s own verb about what was asked', () => {
    expect(yesOrNo('Can the deadline be extended?', 'In unusual circumstances the time limits may be extended by written notice.')).toBe('Yes');
    expect(yesOrNo('Can a landlord evict a tenant who pays the rent?', 'No tenant shall be evicted so long as the tenant continues to pay the rent.')).toBe('No');
    expect(yesOrNo('Can the deadline be extended?', 'The Mayor shall publish an annual report.')).toBeNull();
    // A sanction for an act forbids it: "may be fined … for evicting" is no permission to evict (written for this test).
    expect(yesOrNo('Can the landlord evict a tenant for complaining to the inspectors?', 'A landlord may be fined up to $5,000 for evicting a tenant because the tenant complained to the inspectors.')).toBe('No');
    expect(yesOrNo('Can a landlord be fined for evicting a tenant who complained?', 'A landlord may be fined up to $5,000 for evicting a tenant because the tenant complained to the inspectors.')).toBe('Yes');
    // A license that may be suspended still may be: that is no sanction read as a ban.
    expect(yesOrNo('Could the store lose its license over that?', 'The license of a store that sells to a minor may be suspended for 30 days.')).toBe('Yes');
    // "shall be permitted to" permits: it answers "may I" yes, and "must I" no (a driveway owner's own car, written here in other words).
    const driveway = 'The owner of a lot shall be permitted to leave the owner\'s vehicle across the driveway of the lot.';
    expect(yesOrNo('Is it okay for me to leave my own vehicle across my driveway?', driveway)).toBe('Yes');
    expect(yesOrNo('Do I have to leave my vehicle across my driveway?', driveway)).toBe('No');
    // "… in an area where a helmet is required" only says which area: a rental form's item requires nothing of the asker (§ 50-1605(f)(1)(B)).
    expect(yesOrNo('Does my 13-year-old need a bike helmet?', 'A statement concerning whether a person under 16 years of age will operate a bicycle in an area where a helmet is required.')).toBeNull();
    // A clause that opens with its case ("Where …,") states its rule after it.
    expect(yesOrNo('Does a landlord need to give notice before entering?', 'Where a tenant is present, the landlord shall give notice before entering the unit.')).toBe('Yes');
    // "Is there a rule against …" is answered "Yes" by a prohibition, as "Is it illegal …" is.
    const barking = 'No person shall keep or harbor any dog which, by frequent and habitual barking, creates unreasonably loud and disturbing noises.';
    expect(yesOrNo('Is there a rule against a dog that keeps barking at night?', barking)).toBe('Yes');
    expect(yesOrNo('Does the city ban dogs that bark all night?', barking)).toBe('Yes');
    expect(yesOrNo('Can I keep a dog that barks all night?', barking)).toBe('No');
    // "8 a.m. and 3 p.m." ends no clause: the rule's words after an hour are still its own.
    const pool = 'The operator of a public pool shall not admit a child under 12 years of age between 9 a.m. and 2 p.m. on any day the day camps are open.';
    expect(yesOrNo('May a pool let in a 10-year-old in the morning on a camp day?', pool, (w) => !['pool', 'year', 'morn'].includes(w))).toBe('No');
  });
});

describe('the actor of a provision', () => {
  it('is who acts, never a possessive ("the Department\'s regulations")', () => {
    expect(actorIn('A notice of infraction issued under the Department’s regulations is valid.')).toBeNull();
    expect(actorIn("Violations of the Department's rules are heard by the Office of Administrative Hearings.")).toBe('the Office of Administrative Hearings');
    expect(actorIn('The Mayor shall issue a permit within 10 days.')).toBe('The Mayor');
  });
});

describe('who acts', () => {
  it('is the subject of the duty or power; the body someone is sent to only when the question asks where to go', () => {
    const nameChange = 'Whoever, being a resident of the District and desiring a change of name, may file an application in the Superior Court setting forth the reasons therefor.';
    expect(actorIn(nameChange, false)).toBeNull();
    expect(actorIn(nameChange, true)).toBe('the Superior Court');
    expect(actorIn('Upon finding of a violation, the Mayor may issue a notice of infraction.', false)).toBe('the Mayor');
    // A power given as "is authorized to" is the body's as "may" is.
    expect(actorIn('The Director is authorized to inspect any kennel and decide whether it is a nuisance.', false)).toBe('The Director');
    // An act in the passive laid on persons by their role, not on a body.
    expect(actorIn('If the claimant is a minor, the claim shall be signed by a parent or legal guardian.', false)).toBe('a parent or legal guardian');
    // A penalty in the passive names no one ("shall be punished by a fine").
    expect(actorIn('Any person who violates this section shall be punished by a fine of not more than $300.', false)).toBeNull();
  });

  it('is the subject even when a clause set off by commas stands before its verb', () => {
    expect(actorIn('The Attorney General, or a deputy named by the Attorney General, shall bring an action to collect the fee.', false)).toBe('The Attorney General');
    expect(actorIn('The Commission, after notice and an opportunity to be heard, may suspend the permit.', false)).toBe('The Commission');
    // A list of bodies is no clause set off: the first is not taken for the subject of a verb it shares.
    expect(actorIn('Each applicant, the Mayor, and the Board shall keep a copy.', false)).not.toBe('Each applicant');
  });
});

describe('a carve-out of a rule', () => {
  it('is read from its condition: "if", "when", "during", "notwithstanding"…', () => {
    expect(exceptionOf('(f)(1) During the beginning of daylight saving time under § 28-2711, on the 2nd Sunday of March of each year, a licensee may sell and serve alcoholic beverages between 3:00 a.m. and 4:00 a.m.')).toEqual({
      condition: 'during the beginning of daylight saving time under § 28-2711, on the 2nd Sunday of March of each year',
    });
    // The condition runs to the main clause, not to its first comma.
    expect(
      exceptionOf(
        '(b) If a hotel, motel, or similar establishment in the District of Columbia which provides lodging to transient guests maintains a checkroom (conspicuously designated as such) where guests and patrons may deposit personal property, that establishment shall, if it conspicuously posts a notice, not be liable beyond $200.',
      ),
    ).toEqual({ condition: 'if a hotel, motel, or similar establishment in the District of Columbia which provides lodging to transient guests maintains a checkroom (conspicuously designated as such) where guests and patrons may deposit personal property' });
    // "Notwithstanding …, if …": the case is the "if".
    expect(exceptionOf('(e) Notwithstanding any other provision of this chapter, if the taxable assessment is less than 40% of the assessed value, the assessment shall be raised.')).toEqual({
      condition: 'if the taxable assessment is less than 40% of the assessed value',
    });
    expect(exceptionOf('Notwithstanding subsection (a), the Mayor may waive the fee.')).toEqual({ condition: null });
    // A special time named at the end of the rule.
    expect(exceptionOf('(2) A licensee shall not be required to obtain Board approval to sell alcoholic beverages until 4:00 a.m. and operate 24 hours a day during Inaugural Week.')).toEqual({ condition: 'during Inaugural Week' });
    expect(exceptionOf('(b) An electric company shall not disconnect residential electric service on any day during the holiday or weekend.')).toBeNull();
    expect(exceptionOf('Whenever the Mayor declares an emergency, the fee shall be waived.')).toEqual({ condition: 'whenever the Mayor declares an emergency' });
    expect(exceptionOf('A licensee may sell alcoholic beverages between 8:00 a.m. and 2:00 a.m.')).toBeNull();
  });
});

describe('yes or no', () => {
  // § 2-532(b-3), as it reads: about fees, "timely" its only word near "more time".
  const fees = 'No agency or public body may require advance payment of any fee unless the requester has previously failed to pay fees in a timely fashion, or the agency or public body has determined that the fee will exceed $250.';
  it('is not read off a ban on something else through a word that names no subject ("time" in "timely")', () => {
    expect(yesOrNo('Can they get more time?', fees)).toBe('No');
    expect(yesOrNo('Can they get more time?', fees, isSubjectWord)).toBeNull();
    // A word that names the subject still finds its clause.
    expect(yesOrNo('Can an agency require advance payment of a fee?', fees, isSubjectWord)).toBe('No');
  });
});


describe('yes or no: what may be done, what must be', () => {
  it('reads the asking modal, and a ban unless something is done as requiring it (truth table by hand)', () => {
    const cases: [string, string, 'Yes' | 'No' | null][] = [
      // D.C. Code § 11-1913(a), as written (cut): "have to go to court" is the asker's situation; "Can my employer" asks what it may do.
      ['Can my employer fire me because I got a jury summons and have to go to court?', 'An employer shall not deprive an employee of employment, threaten, or otherwise coerce an employee with respect to employment because the employee receives a summons, responds thereto, serves as a juror, or attends court for prospective jury service.', 'No'],
      // D.C. Code § 50-1651(a), as written (cut): a ban unless wearing a helmet requires the helmet.
      ['Does my 12 year old need to wear a helmet when she rides her scooter?', 'It shall be unlawful for any person under 16 years of age to ride roller skates, a skateboard, sled, coaster, toy vehicle, sidewalk bicycle, or scooter unless wearing a protective helmet.', 'Yes'],
      ['Do I need a permit to cut down a big tree?', 'No person shall remove a Special Tree without a Special Tree removal permit.', 'Yes'],
      // A ban that is not "unless" the thing asked says nothing of whether it is required.
      ['Do I have to pay the fee twice?', 'No person shall be charged the fee more than once.', null],
      ['Can I cut down a big tree?', 'No person shall remove a Special Tree without a Special Tree removal permit.', 'No'],
    ];
    for (const [question, provision, verdict] of cases) expect(yesOrNo(question, provision, isSubjectWord), question).toBe(verdict);
    expect(askedFor('When a judge orders someone released, how fast does Corrections have to let them out?')).toBe('period');
    // Jail time is a penalty, and "fines" a fine.
    expect(askedFor("What's the maximum jail time for a shoplifting conviction?")).toBe('penalty');
    expect(isPenalty('Once we notify the owner, how many days do they get before fines start?')).toBe(true);
  });
});

describe('who acts, and in what unit a period is asked (answers-dev3)', () => {
  it('reads the body a duty is laid on and the agent of a power in the passive', () => {
    // D.C. Code § 9-603 and § 38-202(c), as written (cut).
    expect(actorIn('It shall be the duty of the Director of National Park Service within the first 8 hours of daylight after the ceasing to fall of any snow to remove the snow.', false)).toBe('the Director of National Park Service');
    expect(actorIn('Any minor who has reached the age of 17 years may be allowed flexible school hours by the Superintendent of Schools provided he or she is actively employed.', false)).toBe('the Superintendent of Schools');
    expect(actorIn('The power of the Board of Parole shall extend to all prisoners whose sentences exceed 180 days.', false)).toBe('the Board of Parole');
    // Persons by their role act too (since 2026-12-02): "made by his parent" answers who makes the application (the support check binds the act).
    expect(actorIn('If the person is a minor, the application may be made by his parent, guardian, or next friend.', false)).toBe('his parent, guardian, or next friend');
  });

  it('a period counted in days is read in days', () => {
    expect(askedFor('How many paid sick days can I earn in a year?')).toBe('period');
    expect(askedFor('How many unexcused absences before the school must refer a student?')).toBe('count');
    expect(unitAsked('I work at a bakery. How many paid sick days can I earn in a year?')).toBe('day');
    const small = 'An employer with 24 or fewer employees shall provide not less than one hour of paid leave for every 87 hours worked, not to exceed 3 days per calendar year.';
    expect(figureIn(small, 'period', 'first', 'day')).toBe('not to exceed 3 days');
    expect(figureIn(small, 'period')).not.toMatch(/3 days/);
  });
});

describe('whom to go to (sf-answers-dev)', () => {
  it('"whose written OK", "who do we get a permit from" ask whom to go to', () => {
    expect(askedFor("We'd like a short fireworks show on the beach. Whose written OK do we need?")).toBe('who');
    expect(ASKS_ADDRESSEE.test("We'd like a short fireworks show on the beach. Whose written OK do we need?")).toBe(true);
    expect(ASKS_ADDRESSEE.test('who do we get a permit from for an outdoor loudspeaker at our rally?')).toBe(true);
    expect(ASKS_ADDRESSEE.test('Who is responsible for clearing snow?')).toBe(false);
  });
});


describe('a sentence that sets a figure for each case (sf-answers-dev)', () => {
  // San Francisco Public Works Code Sec. 806(b)(3)(A)(i), as written.
  const fees = 'The fee for a permit to remove 1-3 street trees shall be $607.00 when the permit is requested to allow for development or construction; the fee for a permit to remove 1-3 street trees shall be $300.00 when the permit is requested to remove a hazard or a diseased tree or to prevent damage to the sidewalk; the fee for a permit to remove 4-9 street trees shall be $808.00; and the fee to remove 10 or more street trees shall be $1,214.00.';
  it('gives the figure of the case the question names, and none when it names none', () => {
    expect(figureOfCase(fees, 'amount', 'The ficus in front of my house is diseased and I want to have it taken out. What does the removal permit cost for one tree?')).toBe('$300.00');
    expect(figureOfCase(fees, 'amount', 'What does a tree removal permit cost for a construction project?')).toBe('$607.00');
    // A penalty named only to be left out of a figure is none (written for this test).
    expect(figureIn('A towing company may charge a storage fee not in excess of $40 a day, excluding penalties and interest.', 'penalty')).toBeNull();
    expect(figureIn('A towing company that overcharges shall pay a penalty of $500, plus interest.', 'penalty')).toMatch(/\$500/);
    // The first figure is not the answer to a question that names no case.
    expect(figureOfCase(fees, 'amount', 'What does a tree removal permit cost?')).toBeNull();
    // One figure, or the same figure in every clause: nothing to choose.
    expect(figureOfCase('The fee for a dog license shall be $15.', 'amount', 'How much is a dog license?')).toBeUndefined();
    expect(figureOfCase('An applicant shall file within 10 days; the Board shall decide within 10 days.', 'period', 'How long do I have to file?')).toBeUndefined();
    expect(figureOfCase('An applicant shall file within 10 days; the Board shall decide within 30 days.', 'period', 'How long do I have to file?')).toBe('within 10 days');
    expect(figureOfCase('An applicant shall file within 10 days; the Board shall decide within 30 days.', 'period', 'How long does the Board have to decide?')).toBe('within 30 days');
  });

  it('reads how violations are counted as enforcement, not the rule (Transportation Code Sec. 7.2.30(e))', () => {
    expect(isPenalty('Each hour or portion thereof that a vehicle is Parked in violation of this Section shall be a separate and distinct offense')).toBe(true);
    expect(isPenalty('no vehicle may be issued more than two citations within a 12-hour period')).toBe(true);
    expect(isPenalty('No person shall park or leave standing any vehicle on any public street for more than 72 consecutive hours.')).toBe(false);
  });
});

describe('a sentence of cases with a plain one (D.C. Code § 15-717)', () => {
  it('answers a question that names no case with the clause that has no words of its own', () => {
    const fees = 'For each marriage license, the fee shall be $2; for each certified copy of a marriage license return, the fee shall be $1; for each certified copy of application for marriage license the fee shall be $1; and for registering authorizations to perform marriages and issuing certificate, the fee shall be $15.';
    expect(figureOfCase(fees, 'amount', 'How much is a marriage license?')).toBe('$2');
    expect(figureOfCase(fees, 'amount', 'How much is a certified copy of a marriage license return?')).toBe('$1');
    // Seats counted in numbers: the question's number names its case.
    expect(figureOfCase('Owners of restaurants shall pay a license fee based upon seating capacity as follows: 0-10 seats $133 per annum; 11-50 seats $166 per annum; 51-100 seats $199 per annum.', 'amount', 'How much is a restaurant license for 11-50 seats?')).toBe('$166 per annum');
  });
});

describe('a range of hours is one figure (D.C. Code § 22-1321(d))', () => {
  it('says the whole range, not its last hour, for "after what time"', () => {
    const noise = 'It is unlawful for a person to make an unreasonably loud noise between 10:00 p.m. and 7:00 a.m. that is likely to annoy or disturb one or more other persons in their residences.';
    expect(figureIn(noise, 'clock', 'last')).toBe('between 10:00 p.m. and 7:00 a.m.');
  });
});

describe('a price per unit of two words (D.C. Code § 10-1102.01a(b))', () => {
  it('says "per square foot", not "per square"', () => {
    expect(figureIn('The rent for the use of public space shall be $1.00 per square foot for the duration of the rental period.', 'amount')).toBe('$1.00 per square foot');
  });
});

describe('days as cases (D.C. Code § 25-723(b))', () => {
  it('reads "Monday through Friday" as holding Tuesday, and a weeknight as a weekday', () => {
    const hours = '(1) 2:00 a.m. and 8:00 a.m., Monday through Friday, excluding District and federal holidays; (2) 3:00 a.m. and 8:00 a.m. on Saturday and Sunday, excluding District and federal holidays.';
    expect(figureOfCase(hours, 'clock', 'On an ordinary Tuesday night, what time does a bar have to stop serving alcohol?')).toBe('2:00 a.m. and 8:00 a.m.');
    expect(figureOfCase(hours, 'clock', 'What time do bars have to stop serving drinks on a regular weeknight?')).toBe('2:00 a.m. and 8:00 a.m.');
    expect(figureOfCase(hours, 'clock', 'What time do bars have to stop serving drinks on a Saturday night?')).toBe('3:00 a.m. and 8:00 a.m.');
    expect(figureOfCase(hours, 'clock', 'What time do bars have to stop serving drinks?')).toBeNull();
  });
});

describe('figures and actors read from the right words (answers-heldout-3, read 2026-12-01)', () => {
  it('a section\'s number counts nothing, and a count does not end on a verb', () => {
    expect(figureIn('who meets the conditions of eligibility of § 51-109 and is not disqualified', 'count')).toBeNull();
    expect(figureIn('That he has made a minimum of 2 contacts for new work in such week;', 'count')).toBe('of 2 contacts');
  });

  it('workweeks are a period', () => {
    expect(figureIn('shall count against the 12 workweeks of allowable family leave', 'period')).toBe('12 workweeks');
  });

  it('a body named after a subject\'s head noun is not who the rule binds', () => {
    expect(dutyBearerIn('A patient admitted to a clinic or the Department under this section may not be held for more than 72 hours.')).toBeNull();
    expect(actorIn('A patient admitted to a clinic or the Department under this section may not be held for more than 72 hours.', false)).toBeNull();
    expect(dutyBearerIn('The Board of Zoning Adjustment shall decide the appeal within 90 days.')).toBe('The Board of Zoning Adjustment');
  });
});

describe('a later clause whose condition the question names (answers-heldout-3 b47, read)', () => {
  it('is that case: the fine if the animal bites, not the fine for letting it loose', () => {
    const fines = 'If any keeper of a dangerous horse shall let it roam at large, knowing it to be dangerous, he shall be fined not more than $300; and if such horse shall kick or bite any person, the keeper shall be fined not more than $900.';
    expect(figureOfCase(fines, 'penalty', 'My neighbour knows his horse is dangerous and lets it roam. If it bites someone, how big is the fine?')).toBe('fined not more than $900');
    // The question names no later condition: no case is read from it.
    expect(figureOfCase(fines, 'amount', 'What does a keeper pay for a dangerous horse roaming at large?')).not.toBe('not more than $900');
  });
});
