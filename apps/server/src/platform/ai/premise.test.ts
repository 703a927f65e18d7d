import { describe, expect, it } from 'vitest';
import { checkPremise, correctPremise, premiseOf } from './premise';
import { classBoundIn, namesOnlyAsSuch } from './support';
import { contentWords } from './text';
import type { Source } from './types';
import { compileSynonyms, statuteWordsFor } from '../retrieval/query';

const cite = (text: string): Source => ({ id: 'x', label: '§ 2-532', title: 'Time limits', text });
/** A D.C. Code section by its number, heading and paragraphs. */
const section = (label: string, title: string, paragraphs: string[]): Source => ({ id: `dc-${label.replace('§ ', '')}`, label, title, text: paragraphs.join('\n') });
/** The correction's text for a question against one source, or null. */
const premiseCorrection = (question: string, sources: Source[]) => correctPremise(question, sources)?.text ?? null;
// As the product asks: with the statute words the synonym layer gives the question ("defamation" -> "libel slander").
const rules = compileSynonyms();
const corrects = (question: string, sources: Source[]) => correctPremise(question, sources, statuteWordsFor(question, rules))?.text ?? null;
const checks = (question: string, sources: Source[]) => checkPremise(question, sources, statuteWordsFor(question, rules)).kind;

describe('premises', () => {
  it('finds the premise of a question (truth table by hand)', () => {
    const cases: [string, string | null][] = [
      ['Since agencies have 30 days to answer, can we wait?', 'agencies have 30 days to answer'],
      ['Given that the fee is $25, who pays?', 'the fee is $25'],
      ['Block parties can go until midnight, right?', 'Block parties can go until midnight'],
      ['How long do agencies have to answer?', null],
      ['I tripped on a city sidewalk last year. Since I have three years to notify the District, is there any rush?', 'I have three years to notify the District'],
      ['Is the fee $25? Since when?', null],
      ['Our HR handbook says D.C. family leave tops out at 12 weeks. Can we refuse a 14th week?', 'D.C. family leave tops out at 12 weeks'],
      ["There's no rule against smoking at bus stops, so what can I say to him?", "There's no rule against smoking at bus stops"],
      ['Is it true the youth curfew starts at 10 p.m. on school nights?', 'the youth curfew starts at 10 p.m. on school nights'],
      ["We don't need a permit for a trench that shallow, do we?", "We don't need a permit for a trench that shallow"],
      // "small claims court" claims nothing, and "$8,000" is one figure, not a clause's end.
      ['A resident takes a contractor to small claims court over $8,000 in work. Small claims handles anything up to $10,000, right?', 'Small claims handles anything up to $10,000'],
      ['I was told the fine is $1,000, so what do I do?', 'the fine is $1,000'],
      // A premise said as one comes before what someone is reported to say.
      ["My landlord says he won't renew my lease. Is it true the presumption only covers the last 30 days?", 'the presumption only covers the last 30 days'],
      // "Since that's the cap" points back to the claim made before it; "it's $5 a bag" claims a figure.
      ['Our HR handbook says family leave tops out at 12 weeks. Since that\'s the cap, can we say no?', 'family leave tops out at 12 weeks'],
      ["Since it's $5 a bag, who keeps the money?", "it's $5 a bag"],
      ["I've heard the permit costs $40, so where do I apply?", 'the permit costs $40'],
      // A statement the law is said to vouch for; a label before a colon is not part of it.
      ["HR question: new hires here can't touch their sick leave for the first 6 months, as the law allows. Do they accrue it?", "new hires here can't touch their sick leave for the first 6 months"],
      // The same clause after the question; "since 2019" says when, not what the law is.
      ["What's the fine for riding a bike on the sidewalk, given that it's illegal in DC?", "it's illegal in DC"],
      ['How much is the ticket for an adult riding without a helmet, now that DC requires helmets for all cyclists?', 'DC requires helmets for all cyclists'],
      ['I have lived here since 2019. Can I vote in the primary?', null],
      // A clause after "p.m." that opens a premise begins its own sentence.
      ["We want to hold a vigil around 11 p.m. Given that protests at someone's home are only restricted after midnight, is there anything else to do?", "protests at someone's home are only restricted after midnight"],
    ];
    for (const [question, premise] of cases) expect(premiseOf(question), question).toBe(premise);
  });

  it("corrects a figure from the rule that states it of the claim's words, not from a case of its own or a figure elsewhere on the subject", () => {
    // D.C. Code § 32-502(a) and (b), as written.
    const leave = section('§ 32-502', 'Family leave requirement', [
      '(a) An employee shall be entitled to a total of 16 workweeks of family leave during any 24-month period for:',
      '(1) The birth of a child of the employee;',
      '(2) The care of a family member of the employee who has a serious health condition.',
      '(b) The entitlement to family leave under subsection (a)(1) of this section shall expire 12 months after the birth of the child or placement of the child with the employee.',
    ]);
    // D.C. Code § 32-506(c)(1), as written: a case of its own ("If an employee of an educational agency …"), found first.
    const school = section('§ 32-506', 'School employees', [
      '(c)(1) If an employee of an educational agency or school who is employed principally in an instructional capacity begins family or medical leave more than 5 weeks before the end of the academic term, the educational agency or school may require the employee to continue to take leave until the end of the term if:',
      '(A) The leave is at least 3 weeks in duration; and',
      '(B) The return to employment would occur during the 3-week period before the end of the academic term.',
    ]);
    const corrected = correctPremise('Our HR handbook says D.C. family leave tops out at 12 weeks, the same as the federal law. Since that\'s the cap, can we turn down a 14th week?', [school, leave]);
    expect(corrected?.text).toBe('The question assumes D.C. family leave tops out at 12 weeks, but the code says otherwise: § 32-502(a): “An employee shall be entitled to a total of 16 workweeks of family leave during any 24-month period for:”');
  });

  it("corrects 'no limit' from the list item whose case the question names, its long lead-in read as the limit", () => {
    // D.C. Code § 26-317(a), as written.
    const fees = section('§ 26-317', 'Limitations on fees for cashing checks', [
      '(a)',
      '(1) Beginning January 1, 2011, no licensee under this chapter shall directly or indirectly charge any other fee, including late fees or other service fees, for accepting or cashing a payment instrument in excess of the greater of:',
      '(A) Two percent of the face amount of the payment instrument or $3, if the payment instrument is issued by the federal government or a state or local government;',
      '(B) Ten percent of the face amount of a payment instrument or $5, if the payment instrument is a personal check or money order; or',
      '(C) Four percent of the face amount of the payment instrument or $5, for any other type of payment instrument.',
      '(2) A licensee may charge a customer an additional one-time membership fee not to exceed $5.',
    ]);
    const question = "The check-cashing store on my block took $50 to cash my $1,000 federal tax refund check. There's no limit on what those places can charge, so is there anything I can do?";
    const corrected = correctPremise(question, [fees], ['cashing checks license']);
    expect(corrected?.text).toMatch(/^The question assumes there's no limit on what those places can charge, but the code sets a limit: § 26-317\(a\)\(1\)\(A\): “Beginning January 1, 2011, no licensee/);
    expect(corrected?.text).toContain('Two percent of the face amount of the payment instrument or $3, if the payment instrument is issued by the federal government');
    // A personal check is the case of (B).
    expect(correctPremise(question.replace('federal tax refund check', 'personal check from a friend'), [fees], ['cashing checks license'])?.text).toContain('§ 26-317(a)(1)(B)');
  });

  it('corrects a period, an amount, a repeal or a missing rule the quote contradicts, and nothing else', () => {
    const deadline = cite('A public body shall answer within 15 days of the receipt of any such request.');
    expect(premiseCorrection('Since agencies have 30 days to answer a request, can we wait?', [deadline])).toMatch(/^The question assumes agencies have 30 days to answer a request, but the code says otherwise: § 2-532/);
    expect(premiseCorrection('Since agencies have 15 days to answer a request, can we wait?', [deadline])).toBeNull();
    // A figure in a passage about something else settles nothing.
    expect(premiseCorrection('Since agencies have 30 days to answer a request, can we wait?', [cite('The Board shall meet at least once every 15 days.')])).toBeNull();
    expect(premiseCorrection('Since agencies have 30 days to answer a request, can we wait?', [cite('The number of requests processed within 15 days.')])).toBeNull();
    expect(premiseCorrection('Since candidates must live in the District 90 days, who can run?', [cite('A candidate shall have resided in the District for one year.')])).toMatch(/says otherwise/);
    expect(premiseCorrection('Now that the bag fee is 10 cents, where does it go?', [cite('The fee shall be $0.05 for each disposable bag.')])).toMatch(/says otherwise/);
    expect(premiseCorrection('Since the District repealed rent control in 2020, can rents rise?', [cite('The rent of a rental unit may be increased only as this chapter provides.')])).toMatch(/shows this law in force/);
    expect(premiseCorrection("Since D.C. doesn't have a leash law, may my dog run free?", [cite('No owner shall allow a dog to go at large; off the owner\'s premises a dog shall be restrained by a leash.')])).toMatch(/has such a rule/);
    // "6% a year" is a rate, not a period the code's "once every 3 years" contradicts.
    expect(premiseCorrection('The default legal rate of interest on a loan is 6% a year, correct?', [cite('The Mayor shall review the legal rate of interest on a loan no more than once every 3 years.')])).toBeNull();
    // A claim about a figure is settled by a figure: a ban on another act of the same licensee is no answer to "until 2 a.m.".
    expect(premiseCorrection('Now that liquor stores can sell until 2 a.m. on weeknights, do we need a sign-off?', [cite('A liquor store licensee shall not sell a single container of beer from a package.')])).toBeNull();
    // "This section shall not apply to …" bans nothing.
    expect(premiseCorrection('Since liquor stores can sell until 2 a.m., do we need a sign-off?', [cite('This section shall not apply to a person licensed to sell alcoholic beverages on the premises of the arena.')])).toBeNull();
    // A rule about something else does not answer a claim that there is no rule.
    expect(premiseCorrection("Since D.C. doesn't have a leash law, may my dog run free?", [cite('No vehicle shall be parked within 10 feet of a fire hydrant.')])).toBeNull();
    expect(premiseCorrection('How long do agencies have to answer?', [deadline])).toBeNull();
    // "$.05", as the D.C. Code writes five cents.
    expect(premiseCorrection('Now that the bag fee is 10 cents, who keeps it?', [cite('shall pay a fee of $.05 for each disposable carryout bag.')])).toMatch(/says otherwise/);
    expect(premiseCorrection('Now that the bag fee is 5 cents, who keeps it?', [cite('shall pay a fee of $.05 for each disposable carryout bag.')])).toBeNull();
    // Times of day.
    const curfew = cite('All activity for a block party shall conclude by 10 p.m.');
    expect(premiseCorrection('Block parties can go until midnight, right?', [curfew])).toMatch(/^No\. The question assumes Block parties can go until midnight, but the code says otherwise/);
    expect(premiseCorrection('Block parties can go until 10 pm, right?', [curfew])).toBeNull();
    expect(premiseCorrection('Block parties can go until 10:00 P.M., right?', [curfew])).toBeNull();
    // § 2-576 as it reads.
    const meetingNotice = cite('Except for emergency meetings, a public body shall provide notice as early as possible, but not less than 48 hours or 2 business days, whichever is greater, before a meeting.');
    expect(premiseCorrection('Since a board only has to post its meeting notice 24 hours ahead, is Wednesday fine?', [meetingNotice])).toMatch(/says otherwise/);
    expect(premiseCorrection('Since a board has to post its meeting notice 48 hours ahead, is Monday fine?', [meetingNotice])).toBeNull();
    // A claim the question only takes for granted is corrected plainly; a supposition is not a claim.
    const rent = cite('An increase in the rent charged while the unit is occupied shall not exceed 10% of the current rent.');
    expect(premiseCorrection('Can my landlord raise the rent on an occupied unit by any amount?', [rent])).toBe('Note first: the code sets a limit: § 2-532: “An increase in the rent charged while the unit is occupied shall not exceed 10% of the current rent.”');
    const permit = cite('No person shall dig a trench in public space without a permit issued by the Department.');
    expect(premiseCorrection("If I don't have a permit to dig a trench in public space, what is the fine?", [permit])).toBeNull();
    expect(premiseCorrection("We don't need a permit to dig a trench in public space, do we?", [permit])).toMatch(/^The question assumes we don't need a permit to dig a trench in public space, but the code has such a rule: § 2-532: “No person shall dig/);
    // Repealed, said in other words, against the law in force.
    expect(premiseCorrection('Given that the District did away with the witness requirement for wills, is my signature enough?', [cite('A will is void unless it is in writing and attested by at least two credible witnesses.')])).toMatch(/shows this law in force/);
    // A premise in the second sentence.
    expect(premiseCorrection('I tripped last year. Since I have three years to give the District notice, is there any rush?', [cite('An action may not be maintained against the District of Columbia for unliquidated damages unless, within 6 months after the injury or damage was sustained, the claimant has given notice in writing to the Mayor.')])).toMatch(/says otherwise/);
  });

  it('reads an item of a list with its lead-in, and quotes both', () => {
    const smoking = cite('Smoking shall be prohibited in the following:\n(1) Any elevator, except in a single-family dwelling;\n(2) Any public selling area of a retail store;\n(3) In a bus stop or within 25 feet of a posted bus stop sign when another person is present.');
    const corrected = correctPremise("There's no rule against smoking at the bus stop, so what can I say to him?", [smoking]);
    expect(corrected?.text).toBe(
      "The question assumes there's no rule against smoking at the bus stop, but the code has such a rule: § 2-532(3): “Smoking shall be prohibited in the following: … In a bus stop or within 25 feet of a posted bus stop sign when another person is present.”",
    );
    expect(corrected?.quote.quote).toBe('In a bus stop or within 25 feet of a posted bus stop sign when another person is present.');
    // An item off the claim's subject is not made relevant by its lead-in alone, even in the section found first.
    const exempt: Source = { id: 'e', label: '§ 7-1708', title: 'Exemptions', text: 'This subchapter shall not prohibit smoking in the following areas:\n(1) A tobacco shop;\n(2) A private home.' };
    expect(correctPremise("There's no rule against smoking at the bus stop, so what can I say to him?", [exempt, smoking])?.text).toMatch(/§ 2-532\(3\): “Smoking shall be prohibited in the following: … In a bus stop/);
  });

  it('takes the rule from the section found first among those equally about the claim; a paragraph taken out ("Repealed.") is not a repeal of the law', () => {
    const first: Source = { id: 'a', label: '§ 39-108', title: 'Confidentiality of circulation records', text: 'Circulation records of the public library shall be kept confidential.' };
    const other: Source = { id: 'b', label: '§ 39-109', title: 'Library records', text: 'Circulation records of the public library shall be reported to the Board each year.' };
    const question = 'Is it true the law that kept public library circulation records confidential no longer applies?';
    expect(correctPremise(question, [first, other])?.text).toMatch(/^No\. The question assumes .* but the code shows this law in force: § 39-108: “Circulation records/);
    const trees: Source = {
      id: 't',
      label: '§ 8-651.04',
      title: 'Preservation of Special Trees',
      text: '(a) It shall be unlawful for any person, without a Special Tree removal permit, to cut down any Special Tree.\n(b) The Mayor shall issue a Special Tree removal permit where the applicant has:\n(1) Shown that the Special Tree is a Hazardous Tree; or\n(2) Repealed.',
    };
    expect(correctPremise('Since the city stopped requiring a permit to cut down a Special Tree, can we remove ours?', [trees])?.text).toMatch(/shows this law in force: § 8-651\.04\(a\)/);
    // A law the code itself says was abolished was.
    const abolished: Source = { id: 'c', label: '§ 16-923', title: 'Causes of action abolished', text: 'Causes of action for breach of promise to marry and alienation of affections are hereby abolished.' };
    expect(correctPremise('Since D.C. abolished lawsuits for alienation of affections, can my client still sue?', [abolished])).toBeNull();
  });
});

describe('a premise is settled by a sentence on its subject', () => {
  it('"block parties can run until midnight" is corrected by the block party\'s 10 p.m. end, not by a sentence on something else', () => {
    const blockParty = { id: 'x', label: '§ 9-632', title: 'Block parties', text: '(b)(1) A District resident may submit a block party application.\n(b)(2) All activity for a block party shall conclude by 10 p.m.' };
    expect(correctPremise('Is it true that block parties can run until midnight?', [blockParty])?.text).toBe(
      'No. The question assumes block parties can run until midnight, but the code says otherwise: § 9-632(b)(2): “All activity for a block party shall conclude by 10 p.m.”',
    );
    // A figure stated without "shall" settles a figure too.
    const smallClaims = { id: 'z', label: '§ 11-1321', title: 'Exclusive jurisdiction of small claims', text: 'The Small Claims and Conciliation Branch has exclusive jurisdiction of any action which is only for the recovery of money, if the amount in controversy does not exceed $5,000.' };
    expect(correctPremise('Small claims in DC handles anything up to $10,000, right?', [smallClaims])?.text).toMatch(/^No\. The question assumes Small claims in DC handles anything up to \$10,000, but the code says otherwise: § 11-1321/);
    // Asked only whether the claim is true, the correction settles the question; asked more, it does not.
    expect(correctPremise('Is it true that block parties can run until midnight?', [blockParty])?.settles).toBe(true);
    expect(correctPremise('Small claims in DC handles anything up to $10,000, right?', [smallClaims])?.settles).toBe(true);
    expect(correctPremise('Is it true that block parties can run until midnight, and who signs the application?', [blockParty])?.settles).toBe(false);
    const lien = { id: 'y', label: '§ 42-3216', title: 'Landlord’s lien for rent', text: 'The said arrears of rent shall not amount to more than 3 months rent.' };
    expect(correctPremise("Since D.C. law caps security deposits at two months' rent, can a landlord ask for more?", [lien])).toBeNull();
  });

  it('reads the claim in the statute\'s forms of its words, and a missing duty as the duty of the thing said to be missing', () => {
    const retaliation = cite('(b) The trier of fact shall presume retaliatory action has been taken if within the 6 months preceding the action the tenant made a complaint.');
    expect(premiseCorrection('Is it true the presumption of retaliation only covers complaints made in the last 30 days?', [retaliation])).toMatch(
      /^No\. The question assumes the presumption of retaliation only covers complaints made in the last 30 days, but the code says otherwise: § 2-532\(b\): “The trier of fact shall presume/,
    );
    const question = "Since the medical examiner doesn't need the family's permission before an autopsy, who decides when one is done?";
    // A duty about autopsies that says nothing of the family's permission does not contradict the claim.
    expect(premiseCorrection(question, [cite('If an autopsy is performed by a pathologist, the medical examiner shall furnish to the family a complete report of the autopsy.')])).toBeNull();
    expect(premiseCorrection(question, [cite("No autopsy shall be performed by the medical examiner without the permission of the decedent's family.")])).toMatch(/has such a rule/);
  });
});

describe('a claim about the law the sources neither confirm nor contradict', () => {
  // D.C. Code § 2-1542(1) and § 2-1543(c)(3), as written (curfew).
  const curfew = [
    section('§ 2-1542', 'Definitions', ['(1) "Minor" means any person under the age of 17 years.']),
    section('§ 2-1543', 'Curfew established', ['(c)(3) If no one claims responsibility for the minor, the minor may be taken to the minor\'s residence or placed in the custody of the appropriate official and released at 6:00 a.m. the following morning.']),
  ];
  // D.C. Code § 50-1605(a), as written (bicycle helmets).
  const helmets = section('§ 50-1605', 'Protective helmets', ['(a) No person under 16 years of age shall operate or ride as a passenger on a bicycle on a public highway unless the person wears a protective helmet.']);

  it('is unsettled when it states a rule the sources do not state (truth table by hand)', () => {
    const cases: [string, Source[], string][] = [
      // The curfew's age is 17: nothing found says "18", and nothing contradicts it as a figure of its kind.
      ['My son is 17. Since the DC curfew covers everyone under 18, what time does he have to be off the street?', curfew, 'unsettled'],
      // The rule states the claim's number on its subject: confirmed.
      ['I heard kids under 16 need helmets on bicycles in D.C. Does that cover my 10-year-old on the cargo bike?', [helmets], 'confirmed'],
      // The asker's own facts are not claims about the law.
      ['Since my son is 17, what time does he have to be home?', curfew, 'none'],
      ['As a small business owner, do I need a helmet for my delivery riders?', [helmets], 'none'],
      // What the asker inherits is what the law gives them, not their own fact (answers-heldout-7 f33).
      ['My wife died without a will. Since I only inherit a third, who gets the rest of the house?', curfew, 'unsettled'],
      // No claim at all.
      ['What time does the curfew start?', curfew, 'none'],
      // A bare number after "under" in a claim about kids is an age: "under 12" against "under 16 years of age" is corrected.
      ['Is it true that kids under 12 need helmets on bicycles?', [helmets], 'corrected'],
      // A time of day or a figure with its unit is no age.
      ['Is it true that kids under 12 inches tall need helmets on bicycles?', [helmets], 'unsettled'],
      // Contradicted: corrected, not unsettled.
      ['Is it true that the curfew applies until 10 p.m. on weeknights?', [section('§ 2-1543', 'Curfew established', ['(a) A minor commits an offense if he or she remains in a public place during curfew hours.', '(b) Curfew hours shall begin at 11:00 p.m. on weeknights.'])], 'corrected'],
    ];
    for (const [question, sources, kind] of cases) expect(checkPremise(question, sources).kind, question).toBe(kind);
  });
});

describe('a count, a comparison, a figure set elsewhere (answers-dev3)', () => {
  // D.C. Code § 18-103, as written (cut).
  const will = section('§ 18-103', 'Execution of will', [
    'A will or testament, other than a will executed in the manner provided by section 18-107, is void unless it is:',
    '(1) in writing and signed by the testator, or by another person in his presence and by his express direction; and',
    '(2) attested and subscribed in the presence of the testator, by at least two credible witnesses.',
  ]);

  it('a count of people is settled by the sentence on its subject that counts them', () => {
    expect(premiseCorrection('Since a DC will needs three witnesses, does one of them have to be a notary?', [will])).toMatch(/^The question assumes a DC will needs three witnesses, but the code says otherwise: § 18-103\(2\)/);
    expect(checkPremise('Since a DC will needs two witnesses, does one of them have to be a notary?', [will]).kind).toBe('confirmed');
  });

  it('both the claimed count and another in the sentence: whose is whose is not read, so the count settles nothing', () => {
    const plants = section('§ 48-904.01', 'Personal use', [
      '(a) A person may possess no more than 6 cannabis plants, provided that all persons residing within a single house may not possess, in the aggregate, more than 12 cannabis plants.',
    ]);
    expect(checkPremise('Since each adult can grow up to 12 cannabis plants at home, how many may be flowering?', [plants]).kind).not.toBe('confirmed');
  });

  it('what a claim is compared with is not its subject; a figure the sentence points back at ("the 16 workweeks") is set elsewhere', () => {
    // D.C. Code § 32-502(a) and (e)(2), as written (cut).
    const leave = section('§ 32-502', 'Family leave requirement', [
      '(a) An employee shall be entitled to a total of 16 workweeks of family leave during any 24-month period for the birth of a child.',
      '(e)(2) Any paid family, vacation, personal, or compensatory leave provided by an employer that the employee elects to use for family leave shall count against the 16 workweeks of allowable family leave provided in this chapter.',
    ]);
    expect(premiseCorrection('Since DC family leave is capped at 12 weeks like federal FMLA, can I add my vacation days at the end?', [leave])).toMatch(/§ 32-502\(a\): “An employee shall be entitled to a total of 16 workweeks/);
  });
});

describe('what someone says, and claims about fines (answers-dev3)', () => {
  it('the reason given in what someone says is not the claim; a claim about a fine is about the law', () => {
    expect(premiseOf('My landlord says that since the Rent Administrator ruled against me, my only appeal is to the DC Council within 30 days. How do I get on the agenda?')).toBe('my only appeal is to the DC Council within 30 days');
    const seat = section('§ 50-1706', 'Penalties', ['(a)(1) First time offenders of this chapter shall be given a choice of paying a $75 fine or attending a child restraint safety class.']);
    expect(checkPremise("They don't fine you the first time you get caught with your kid out of a car seat, right? What happens the second time?", [seat])).toEqual({
      kind: 'unsettled',
      claim: "they don't fine you the first time you get caught with your kid out of a car seat",
    });
  });
});


describe('the reader\'s words, ages, and what a ban bans (answers-dev4)', () => {
  // D.C. Code § 12-301(a), as written (cut).
  const limitation = section('§ 12-301', 'Limitation of time for bringing actions', [
    '[(a)] Except as otherwise specifically provided by law, actions for the following purposes may not be brought after the expiration of the period specified below from the time the right to maintain the action accrues:',
    '(2) for the recovery of personal property or damages for its unlawful detention— 3 years;',
    '(4) for libel, slander, assault, battery, mayhem, wounding, malicious prosecution, false arrest or false imprisonment— 1 year;',
  ]);

  it('the statute\'s word for the reader\'s ("defamation" is "libel, slander") puts a sentence on the claim\'s subject', () => {
    const corrected = corrects('A blogger posted lies about my bakery. Given that I have three years to bring a defamation suit in D.C., is there any rush?', [limitation]);
    expect(corrected).toMatch(/^The question assumes I have three years to bring a defamation suit in D\.C\., but the code says otherwise: § 12-301\(4\)/);
    expect(corrected).toContain('for libel, slander');
  });

  it('a claim that starts "D.C. only makes …" is about the law; its bare age is corrected by the sentence that bounds it the same way', () => {
    // D.C. Code § 38-202(a) and § 32-209(4), as written (cut).
    const attendance = section('§ 38-202', 'Establishment of school attendance requirements', [
      '(a) Every parent, guardian, or other person who has custody or control of a minor who has reached the age of 5 years shall place the minor in regular attendance in an educational institution during the period of each year when the public schools of the District are in session. This obligation of the parent, guardian, or other person having custody extends until the minor reaches the age of 18 years.',
    ]);
    const permits = section('§ 32-209', 'Application for permits', [
      '(4) A school record, if the minor is under 16 years of age and is withdrawing from school for purposes of employment, signed by the principal of the school last attended by the minor.',
    ]);
    const question = 'Our son just turned 16. Since D.C. only makes kids attend school until 16, what form do we fill out to withdraw him?';
    // The work permit's "under 16" comes first in retrieval's order and holds as much of the subject: "until" bounds the claim's age.
    expect(corrects(question, [permits, attendance])).toMatch(/§ 38-202\(a\): “This obligation of the parent, guardian, or other person having custody extends until the minor reaches the age of 18 years\.”/);
    // With nothing on its subject, the claim is still one about the law ("D.C." ends before a space, with no word boundary): not taken for granted.
    expect(checks(question, [limitation])).toBe('unsettled');
  });

  it('an age is not a length of time: "a year" of residence is not corrected by "under 19 years of age"', () => {
    // D.C. Code § 4-205.15(a)(2) and § 4-205.02, as written (cut).
    const unit = section('§ 4-205.15', 'Composition of assistance unit', [
      '(a) An application on behalf of a dependent child shall include in the TANF assistance unit the following individuals, if living in the same household as the dependent child and otherwise eligible:',
      '(2) All blood-related, half-blooded-related, and adopted brothers and sisters of the dependent child who are themselves dependent children under age 18 or under 19 years of age and are full-time students in a secondary school; and',
      '(c) In order to be included in an TANF assistance unit under this section, a dependent child aged 16 or 17 years must be enrolled in a program of secondary education.',
    ]);
    const question = 'A family just moved here from Ohio. Given that people have to live in the District for a year before they can get TANF, what else can we offer them?';
    expect(checks(question, [unit])).toBe('unsettled');
    // A period of residence the code states does settle it.
    const residence = section('§ 4-205.02', 'Residence', ['(a) An applicant for TANF shall have lived in the District for a period of 30 days before applying.']);
    expect(corrects(question, [unit, residence])).toMatch(/the code says otherwise: § 4-205\.02\(a\)/);
    // (Ages still settle a claim about an age: the school-attendance test above.)
  });

  it('a sentence forbids an act only where it bans the act itself: a fee cap bans no officiating', () => {
    const celebrants = section('§ 46-406', 'Persons authorized to celebrate marriages', [
      '(b-2) The Court shall charge a reasonable registration fee for authorization to solemnize marriages; provided, that the registration fee for a temporary officiant shall not exceed $25.',
    ]);
    expect(checks('Given that couples in DC are allowed to officiate their own wedding, do they still need a license?', [celebrants])).not.toBe('corrected');
    const banned = section('§ 46-406', 'Persons authorized to celebrate marriages', ['(c) A person shall not officiate a marriage without authorization of the Court.']);
    expect(corrects('Given that couples in DC are allowed to officiate their own wedding, do they still need a license?', [banned])).toMatch(/the code forbids it: § 46-406\(c\)/);
  });
});

describe('retrieval\'s order, measures, a question after "so" (answers-dev4)', () => {
  it('a word more of a long subject does not outrank retrieval\'s order: the marriage licence\'s 10 days, not a traffic ticket\'s 60', () => {
    // D.C. Code § 46-412 and § 50-2303.05(f), as written (cut); retrieval found the licence's section first.
    const license = section('§ 46-412', 'Form of license; return; coupons', [
      'You are hereby authorized to celebrate (or witness) the rites of marriage between the parties, and having done so, you are commanded to make return of the same to the Clerk’s Office of the Superior Court of the District of Columbia within 10 days under a penalty of $50 for default therein.',
    ]);
    const ticket = section('§ 50-2303.05', 'Answer', [
      "(f) A deemed admission by a person not participating in the fleet reconciliation program may be vacated if the Department receives through the Department's website, within 60 calendar days of the date of the admission, a written application to vacate; provided, that the license is not suspended.",
    ]);
    const question = "Our officiant says he's got 60 days to send the signed marriage license back to the court. What happens if he misses that deadline?";
    expect(corrects(question, [license, ticket])).toMatch(/but the code says otherwise: § 46-412: “.*within 10 days under a penalty of \$50/);
  });

  it('a measure is a figure of its unit: "4 feet" against "no less than 5 feet"; an asker\'s own measure is no claim', () => {
    // D.C. Code § 8-1808.01(b), as written.
    const park = section('§ 8-1808.01', 'Dog parks', ['(b) A dog park shall be completely enclosed by a fence and gate, both no less than 5 feet in height.']);
    expect(corrects('Since a dog park fence only has to be 4 feet tall, can we reuse the old tennis court fence?', [park])).toMatch(/^The question assumes a dog park fence only has to be 4 feet tall, but the code says otherwise: § 8-1808.01\(b\)/);
    expect(checkPremise('Since a dog park fence has to be 5 feet tall, can we reuse the old tennis court fence?', [park]).kind).toBe('confirmed');
    // "The forecast for tomorrow is 97 degrees." is what the asker knows, not what they take the law to be.
    const heat = section('§ 34-1506.01', 'Disconnection during extreme temperatures', ['(a) The term “forecast of extreme temperature” means a forecast of 95 degrees Fahrenheit or above.']);
    expect(checkPremise('The forecast for tomorrow is 97 degrees. Can the electric company cut off my power today?', [heat]).kind).toBe('none');
  });

  it('a question may follow "so" after a few words of its own', () => {
    expect(premiseOf("Pepco's heat-wave shutoff ban only kicks in at 100 degrees, so on a day forecast for 97 can they cut my power for an unpaid bill?")).toBe("Pepco's heat-wave shutoff ban only kicks in at 100 degrees");
  });
});

describe('a correction from a section retrieval did not put first (answers-heldout-2, read)', () => {
  it('must be on most of the claim\'s subject, not half of it', () => {
    // D.C. Code § 32-131.05 (retrieval's first, no figure of the kind) and § 1-612.03(h)(2)(A), as written (cut).
    const first = section('§ 32-131.05', 'Notice and posting', ['(a) Each employer shall give notice to each employee of the right to paid leave.']);
    const annual = section('§ 1-612.03', 'Leave', [
      '(h)(2) Annual leave which is lost due to administrative error when the error causes a loss of annual leave otherwise accruable after June 30, 1960, exigencies of the public business when the annual leave was scheduled in advance, or sickness of the employee when the annual leave was scheduled in advance, shall be restored to the employee:',
      '(A) Restored annual leave which is in excess of 30 days shall be credited to a separate leave account for the employee and shall be available for use by the employee for a period of 2 years.',
    ]);
    const question = "HR question: new hires here can't touch their sick leave for the first 6 months, as the law allows. Do they at least accrue it during that time?";
    // "leave" and "sickness" are half of it; "new hires" and "touch" are not there: restored annual leave's 2 years corrects nothing.
    expect(correctPremise(question, [first, annual])).toBeNull();
  });
});

describe('a law said repealed is shown in force by a rule, not by what the Council meant (premises-dev, read)', () => {
  it('the Council\'s intent, or a leave to do something, is no rule in force', () => {
    // D.C. Code § 5-125.01, as written (cut): its heading is "Intent of Council".
    const intent = section('§ 5-125.01', 'Intent of Council', [
      'Therefore, it is the intent of the Council in the enactment of this subchapter to specify the circumstances and procedures under which chokeholds shall be permitted and to classify their use by police officers.',
    ]);
    const question = "Now that D.C.'s old chokehold ban has been repealed, what training do MPD officers get?";
    expect(checkPremise(question, [intent]).kind).toBe('unsettled');
    // A sentence that lays a duty on the same subject shows it in force.
    const rule = section('§ 5-125.03', 'Trachea hold prohibited', ['(a) The use of the chokehold by any police officer shall be prohibited under any circumstances.']);
    expect(correctPremise(question, [intent, rule])?.text).toMatch(/shows this law in force: § 5-125\.03\(a\)/);
  });
});

describe('a figure is said of an act (answers-heldout-3, read 2026-12-01)', () => {
  it('is corrected only by a sentence that names the act or what it is done to', () => {
    const question = 'Since the law requires a beneficiary to survive by 60 days, does the gift lapse?';
    // A period for another act, on the same subject, corrects nothing.
    const mailing = cite('Not later than 20 days after appointment, a personal representative shall send notice to each beneficiary.');
    expect(premiseCorrection(question, [mailing])).toBeNull();
    const survival = cite('A beneficiary who is not shown to have survived the owner by 120 hours is deemed to have died first.');
    expect(premiseCorrection(question, [survival])).toMatch(/says otherwise: § 2-532: “A beneficiary who is not shown to have survived/);
    // What the act is done to names it too: "notice in writing" for "give 60 days' notice".
    expect(premiseCorrection("Since tenants must give 60 days' notice, can I leave sooner?", [cite('A monthly tenancy may be ended by a 30 days notice in writing from the tenant to the landlord.')])).toMatch(/says otherwise/);
  });

  it('reads "given …" as a premise, as "given that …"', () => {
    expect(premiseOf('Given the usual 30 days to appeal, what do I file first?')).toBe('the usual 30 days to appeal');
  });
});

describe('claims as residents type them (premise sets, read 2026-12-02)', () => {
  it('finds a claim after "But since", before "so could", and in a question typed in lower case', () => {
    expect(premiseOf('We filed the form in June. But since the board only gets 20 days to decide, are we past it?')).toBe('the board only gets 20 days to decide');
    expect(premiseOf('A permit lasts 90 days, so could we still build in month four?')).toBe('A permit lasts 90 days');
    expect(premiseOf('my daughter is 15 and skates to school. since skate helmets are required for anyone under 18, what is the fine?')).toBe('skate helmets are required for anyone under 18');
    // "p.m." and "D.C." end no sentence before a lower-case word.
    expect(premiseOf('The store closes at 9 p.m. since the law says so, right?')).not.toBe('the law says so');
  });

  it('reads "every", "flat", "no matter what" and "never" as what the claim holds, not its subject', () => {
    // Invented fee schedule in the code's words.
    const fees = section('§ 9-101', 'Boat registration', ['(c) The annual registration fee for a boat is $40, and $10 for a boat without a motor.']);
    expect(corrects('Every boat registration is a flat $60 no matter what, so why buy a rowboat?', [fees])).toMatch(/says otherwise: § 9-101\(c\)/);
  });

  it("reads a claim with no subject of its own on the question's, and never confirms it from a figure elsewhere", () => {
    // A section that states the claim's figure of something else (a lot's width) and another of the subject (a well's depth).
    const wells = section('§ 9-201', 'Wells', [
      '(a) Each lot shall have a minimum width of 40 feet.',
      '(b) No well shall be dug to a depth of less than 25 feet below the ordinary level of the ground.',
    ]);
    const question = 'The driller says the rock stops him at 30 feet for our new well. Since 40 feet is the legal minimum, what can we do?';
    expect(checks(question, [wells])).not.toBe('confirmed');
  });

  it("takes no figure from what the Council found: only a rule sets one", () => {
    const findings = section('§ 9-301', 'Findings', ['(d) The Council has determined that a parks curfew starting at 9 p.m. will be in the interest of the public safety.']);
    expect(corrects('Since the parks curfew starts at 11 p.m., when must we leave the park?', [findings])).toBeNull();
  });
});

describe('a rule the claim says is missing (premise sets, read 2026-12-02)', () => {
  it('reads "aren\'t required" and "needs no" as a claim of no rule, corrected by the duty, not by a duty waived', () => {
    // Invented, in the code's words: a duty, and its waiver for a case.
    const shade = section('§ 9-401', 'Shade for outdoor workers', [
      '(a) An employer shall provide shaded rest areas to outdoor workers during a heat advisory.',
      '(b) An employer shall not be required to provide shaded rest areas if the work site is indoors.',
    ]);
    const text = corrects("Since employers aren't required to give outdoor workers any shaded rest areas, can we skip them?", [section('§ 9-401', 'Shade for outdoor workers', [shade.text.split('\n')[1]]), shade]);
    expect(text).toMatch(/has such a rule: § 9-401\(a\): “An employer shall provide shaded rest areas/);
    // The waiver alone is no rule requiring it.
    expect(corrects('Since employers are not required to give outdoor workers any shaded rest areas, can we skip them?', [section('§ 9-401', 'Shade for outdoor workers', [shade.text.split('\n')[1]])])).toBeNull();
  });

  it('a rule that voids what lacks the thing requires it', () => {
    const deeds = section('§ 9-402', 'Execution of deeds', ['A deed of land is void unless it is acknowledged before a notary public.']);
    expect(corrects('Since a deed of land needs no notary, can I sign it at home?', [deeds])).toMatch(/has such a rule: § 9-402: “A deed of land is void unless/);
  });

  it('reads the act after an adverb: "can still smoke" is about smoking', () => {
    const benches = section('§ 9-403', 'Park benches', ['No person shall smoke on or within 10 feet of a park bench.']);
    expect(corrects('Since people can still smoke on park benches, where do the ashtrays go?', [benches])).toMatch(/forbids it: § 9-403/);
  });
});

describe('an act the claim says is withheld (premise sets, read 2026-12-02)', () => {
  it('is corrected by a permission of that act in the circumstances the claim names, not by one in others', () => {
    // Invented, in the code's words.
    const boats = section('§ 9-501', 'Boat launching', [
      '(a) At any time except during the 14 days preceding a regatta, a resident may launch a boat at a public ramp upon payment of the fee.',
      '(b) A resident may launch a boat on the day of a regatta by appearing in person at the harbor office.',
    ]);
    const question = "Since the city doesn't allow launching a boat on regatta day, where else can I go?";
    expect(corrects(question, [boats])).toMatch(/permits it: § 9-501\(b\): “A resident may launch a boat on the day of a regatta/);
    // Only the other case's permission: nothing corrects the claim.
    expect(corrects(question, [section('§ 9-501', 'Boat launching', [boats.text.split('\n')[0]])])).toBeNull();
    // "may not launch" permits nothing.
    expect(corrects(question, [section('§ 9-501', 'Boat launching', ['(b) A resident may not launch a boat on the day of a regatta.'])])).toBeNull();
  });
});

describe('a repeal the question takes for granted is of a law (answers sets, read 2026-12-02)', () => {
  it('"the charge was dropped" and "dropped off a request" claim no repeal', () => {
    const sealing = section('§ 9-601', 'Sealing of records', ['(b) The court shall seal the record of a charge that was dismissed, on motion, if at least 2 years have elapsed.']);
    expect(checks('My charge was dropped. How long must I wait to seal it?', [sealing])).toBe('none');
    const permits = section('§ 9-603', 'Permit applications', ['The Mayor shall decide each permit application within 30 days after it is filed.']);
    expect(checks('A resident dropped off a permit application on Monday. How long do we have to decide it?', [permits])).toBe('none');
    // A repeal of something else in the sections found confirms nothing: the rule on the subject shows it in force.
    const pools = section('§ 9-604', 'Public pools', ['(a) Swimming records kept by a public pool shall be kept confidential.', '(b) The former fee schedule for pool passes is repealed.']);
    expect(checks('Is it true the law that kept public pool swimming records confidential no longer applies?', [pools])).toBe('corrected');
    const cafes = section('§ 9-602', 'Sidewalk cafes', ['No person shall operate a sidewalk cafe without a permit issued by the Mayor.']);
    expect(checks('The city dropped its permit requirement for sidewalk cafes. Who do I tell?', [cafes])).toBe('corrected');
  });
});

describe('the reader\'s phrases and counts a year (premise sets, read 2026-12-02)', () => {
  it("reads a two-word phrase of the reader's in the statute's words, however many ('heat wave' is an extreme temperature forecast)", () => {
    // Invented, in the code's words.
    const water = section('§ 9-701', 'Water service', [
      '(a) For the purposes of this section, the term “forecast of extreme temperature” means a forecast of 95 degrees Fahrenheit or above.',
      '(b) A water utility shall not disconnect residential water service on a day for which a forecast of extreme temperature is issued.',
    ]);
    expect(corrects("The water utility's heat-wave shutoff ban only starts at 100 degrees, so can they cut us off at 97?", [water])).toMatch(/says otherwise: § 9-701\(a\)/);
  });

  it('reads "four meetings a year" as a count, corrected by "at least 9 times per year" of the same act', () => {
    const boards = section('§ 9-702', 'Meetings of the boards', ['(a) Each board shall meet in public session at least 9 times per year.', '(b) Each board shall give notice of its meetings at least 7 days in advance.']);
    expect(corrects('Since boards only have to hold four public meetings a year, when is the next one?', [boards])).toMatch(/says otherwise: § 9-702\(a\): “Each board shall meet in public session at least 9 times per year/);
  });
});

describe('acts and frames in the reader\'s words (premise sets, read 2026-12-02)', () => {
  it('a ban of the act in the statute\'s words forbids the reader\'s phrase ("shut off" is "disconnect")', () => {
    const water = section('§ 9-801', 'Water service', ['(b) A water utility shall not disconnect residential water service on a day for which a forecast of extreme temperature is issued.']);
    expect(corrects('Since the water utility can shut off residential service during a heat wave, who do I call?', [water])).toMatch(/forbids it: § 9-801\(b\)/);
  });

  it('"treats … as" frames the claim; "missing" is "not heard from"', () => {
    const absence = section('§ 9-802', 'Presumption of death', ['If a person leaves home and is not heard from for seven years, he shall be presumed to be dead.']);
    expect(corrects('Given that the law treats someone missing for four years as legally dead, how do we settle the estate?', [absence])).toMatch(/says otherwise: § 9-802/);
  });
});

describe('definitions and sanctions in the sections found (premise sets, read 2026-12-02)', () => {
  it("reads a section's definition with its rule, though the definition shares no word with the claim", () => {
    // Invented, in the code's words.
    const inspections = section('§ 9-901', 'Inspections of rental units', [
      '(b) An inspector may enter a rental unit on any weekday and shall enter only during business hours. For the purposes of this subsection, the term “business hours” means between 9:00 a.m. and 5:00 p.m.',
    ]);
    expect(corrects("I heard an inspector can enter a rental unit until 8 p.m., so can they come after dinner?", [inspections])).toMatch(/says otherwise: § 9-901\(b\): “For the purposes of this subsection, the term “business hours” means between 9:00 a\.m\. and 5:00 p\.m\.”/);
  });

  it("takes no figure from a sanction unless the claim is about one, and 'good for' says how long the thing lasts", () => {
    const permits = section('§ 9-902', 'Block party permits', [
      '(a) Whoever holds a block party without a permit shall be fined not more than $500 or imprisoned not more than 90 days.',
      '(b) A block party permit shall expire 14 days after the date of issuance.',
    ]);
    expect(corrects('A block party permit stays good for 60 days, so can we hold it next month?', [permits])).toMatch(/says otherwise: § 9-902\(b\)/);
    // The sanction alone settles nothing about how long a permit lasts.
    expect(corrects('A block party permit stays good for 60 days, so can we hold it next month?', [section('§ 9-902', 'Block party permits', [permits.text.split('\n')[0]])])).toBeNull();
  });

  it('a figure that holds only under conditions listed after it does not contradict the claim; a figure in the condition does', () => {
    // Written for this test: a special week's hours, granted only to a licensee who meets the listed conditions.
    const festival = section('§ 4-310', 'Festival week hours', [
      'During Festival Week, a licensee under a tavern license may sell beer until 3 a.m. if the licensee:',
      '(1) Registers with the Board at least 10 days before the week; and',
      '(2) Posts its hours at the entrance.',
    ]);
    expect(checks('Since taverns can sell beer until 1 a.m., when do we have to stop serving on weekends?', [festival])).not.toBe('corrected');
    // The figure is the condition's own: the claim about it is settled by it.
    const presumed = section('§ 4-311', 'Presumption of retaliation', [
      'The court shall presume that a landlord acted in retaliation if within 9 months after the tenant:',
      '(1) Complained to the city of a code violation; or',
      '(2) Organized a tenants\' association.',
    ]);
    expect(checks('Is it true the presumption of retaliation only covers complaints made in the last 2 months?', [presumed])).toBe('corrected');
  });

  it('a sanction for the act is no permission of it', () => {
    // Written for this test.
    const fined = section('§ 4-312', 'Evictions', ['A landlord may be fined for evicting a tenant in winter.']);
    expect(checks("Since landlords can't evict tenants in winter, what should I do if mine tries?", [fined])).not.toBe('corrected');
    const allowed = section('§ 4-312', 'Evictions', ['A landlord may evict a tenant in winter after 30 days notice.']);
    expect(checks("Since landlords can't evict tenants in winter, what should I do if mine tries?", [allowed])).toBe('corrected');
  });
});

describe('a figure said of "such" a thing its section defined before (answers-heldout-7 g06, premises-heldout b01)', () => {
  // Invented: a section whose second paragraph sets a period for "such appeal", the appeal of its first.
  const board = section('§ 9-210', 'Appeals from the Board of Zoning Review', [
    '(a) A party aggrieved by a decision of the Board of Zoning Review may appeal the decision to the Hearing Office.',
    '(b) A notice of such appeal shall be filed within 5 days after the decision is mailed.',
  ]);

  it('corrects no claim about the thing at large', () => {
    expect(premiseCorrection('Since I have 30 days to appeal, what do I file first?', [board])).toBeNull();
  });

  it('but a figure said of the thing itself does', () => {
    const plain = section('§ 9-210', 'Appeals', ['(b) A notice of appeal shall be filed within 5 days after the decision is mailed.']);
    expect(premiseCorrection('Since I have 30 days to appeal, what do I file first?', [plain])).toMatch(/^The question assumes I have 30 days to appeal, but the code says otherwise: § 9-210\(b\)/);
  });

  it('reads "such" as pointing back only when the sentence has not named the thing before', () => {
    const subject = new Map([[contentWords('appeal')[0], 1]]);
    expect(namesOnlyAsSuch('A notice of such appeal shall be filed within 5 days.', subject)).toBe(true);
    expect(namesOnlyAsSuch('A party may appeal, and a notice of such appeal shall be filed within 5 days.', subject)).toBe(false);
    expect(namesOnlyAsSuch('A notice of appeal shall be filed within 5 days.', subject)).toBe(false);
  });
});

describe('a rule in force for a class the question does not name (premises-dev pd22)', () => {
  it('shows no law in force for everyone from a rule for the drivers of one kind of vehicle', () => {
    const question = 'Since the city got rid of its hands-free rule for drivers, can I hold my phone while I drive my car?';
    const bus = section('§ 9-301', 'Mobile telephones', ['(a) A person shall not use a mobile telephone, even with a hands-free accessory, while operating a moving school bus that is carrying passengers.']);
    expect(corrects(question, [bus])).toBeNull();
    // "My car" is a motor vehicle (the synonym layer): the asker is in the class of this rule.
    const everyone = section('§ 9-301', 'Mobile telephones', ['(a) A person shall not use a mobile telephone without a hands-free accessory while operating a moving motor vehicle.']);
    expect(corrects(question, [everyone])).toMatch(/shows this law in force: § 9-301\(a\)/);
  });

  it('reads the class of "while operating a …" as it reads "a person who holds …"', () => {
    expect(classBoundIn('No person shall send a text message while operating a moving school bus that is carrying passengers.')).toEqual(contentWords('school bus'));
    expect(classBoundIn('No person shall send a text message.')).toEqual([]);
  });
});

describe('a figure of a rule for a class the question does not name (answers-heldout-7 g44)', () => {
  it('corrects no claim about the rule at large', () => {
    const question = 'Since the default late fee on an unpaid bill is 10% a month, how much can I charge my roommate?';
    const lender = section('§ 9-410', 'Late fees', ['(a) The late fee which a licensed lender may charge on an unpaid bill shall not exceed 5% a month.']);
    expect(corrects(question, [lender])).toBeNull();
    const anyone = section('§ 9-410', 'Late fees', ['(a) The late fee charged on an unpaid bill shall not exceed 5% a month.']);
    expect(corrects(question, [anyone])).toMatch(/says otherwise: § 9-410\(a\)/);
  });

  it('reads the class of a relative clause, and not the someone of one', () => {
    expect(classBoundIn('The late fee which a licensed lender may charge shall not exceed 5% a month.')).toEqual(contentWords('licensed lender'));
    expect(classBoundIn('The late fee which a person may charge shall not exceed 5% a month.')).toEqual([]);
  });
});
