import type { ProductSentence } from '@civicdesk/contract';
import { describe, expect, it } from 'vitest';
import { translate, type MessageKey, type TranslateVars } from '../lib/i18n';
import { localiseOpening } from '../lib/i18n/product-sentence';
import { answerView, splitAnswer } from './answer-sentence';

describe('the answer sentence apart from the rest', () => {
  it('splits a text that opens with the sentence the server marked', () => {
    const text = 'Within 15 days — § 2-532(c)(1): “…”\n\nException — if …: within 25 days (§ 2-532(c)(2)(A)).';
    expect(splitAnswer(text, 'Within 15 days — § 2-532(c)(1): “…”')).toEqual({ answer: 'Within 15 days — § 2-532(c)(1): “…”', details: 'Exception — if …: within 25 days (§ 2-532(c)(2)(A)).' });
    expect(splitAnswer('Yes — § 1-101(c): “…”', 'Yes — § 1-101(c): “…”')).toEqual({ answer: 'Yes — § 1-101(c): “…”', details: '' });
  });

  it('leaves a text whole when no sentence was marked or it does not open the text (an older or stopped answer)', () => {
    expect(splitAnswer('According to § 1-101 …', undefined)).toBeNull();
    expect(splitAnswer('According to § 1-101 …', '')).toBeNull();
    expect(splitAnswer('The model stopped. Within 15 days …', 'Within 15 days …')).toBeNull();
  });
});

describe('an answer in the reader\'s language (issue 30)', () => {
  const es = (key: MessageKey, vars?: TranslateVars) => translate('es', key, vars);
  const en = (key: MessageKey, vars?: TranslateVars) => translate('en', key, vars);
  const notDirect = {
    text: 'The District of Columbia code does not answer this question directly. Related provisions, which do not answer it:\n\n§ 8-1808 (Prohibited conduct)(d): “No person shall change the natural color of a baby chicken.”',
    sentence: 'The District of Columbia code does not answer this question directly. Related provisions, which do not answer it:',
    outcome: 'not_direct' as const,
    messages: [{ code: 'answer_not_direct' as const, params: { place: 'District of Columbia' } }],
  };

  it('words the product\'s sentence from the catalogue, by its place in the text, and keeps the law\'s words', () => {
    const view = answerView(es, notDirect);
    expect(view.notDirect).toBe(true);
    expect(view.split?.answer).toBe('El código de District of Columbia no responde directamente a esta pregunta. Disposiciones relacionadas, que no la responden:');
    expect(view.split?.details).toBe('§ 8-1808 (Prohibited conduct)(d): “No person shall change the natural color of a baby chicken.”');
    expect(answerView(en, notDirect).split?.answer).toBe(notDirect.sentence);
  });

  it('marks the provision the answer rests on, and a related one as related only', () => {
    const view = answerView(en, notDirect);
    const citation = { number: '§ 8-1808', title: 'Prohibited conduct', quote: '…', source_url: null, status: 'in_force' as const, verified: true, kind: 'code_section' as const, source_id: 'dc-8-1808' };
    expect(view.supportOf({ ...citation, supports: false })).toBe('related');
    const answered = answerView(en, { text: 'Within 15 days — § 2-532(c)(1): “…”', sentence: 'Within 15 days — § 2-532(c)(1): “…”', outcome: 'answered', messages: [] });
    expect(answered.supportOf({ ...citation, supports: true })).toBe('answers');
    // A quote beside the answer (an exception, "see also") gets no mark either way; an answer stored before the check, none.
    expect(answered.supportOf({ ...citation, supports: false })).toBeUndefined();
    expect(answered.supportOf(citation)).toBeUndefined();
  });

  it('words a corrected premise and a refusal', () => {
    const corrected = answerView(es, {
      text: 'The question assumes agencies have 30 days, but the code says otherwise: § 2-532(c)(1): “… within 15 days …”\n\nWithin 15 days — § 2-532(c)(1): “…”',
      sentence: 'The question assumes agencies have 30 days, but the code says otherwise: § 2-532(c)(1): “… within 15 days …”\n\nWithin 15 days — § 2-532(c)(1): “…”',
      outcome: 'corrected',
      messages: [{ code: 'premise_corrected', params: { claim: 'agencies have 30 days', how: 'otherwise', confirm: 'no', cited: '§ 2-532(c)(1): “… within 15 days …”' } }],
    });
    expect(corrected.text).toBe('La pregunta supone que agencies have 30 days, pero el código dice otra cosa: § 2-532(c)(1): “… within 15 days …”\n\nWithin 15 days — § 2-532(c)(1): “…”');
    // A permission that contradicts the claim ("DC doesn't allow registering on election day") is worded as one.
    const permitted = answerView(es, {
      text: 'The question assumes voters cannot register on election day, but the code permits it: § 1-1001.07(g)(5): “A qualified elector may register on election day …”',
      sentence: 'The question assumes voters cannot register on election day, but the code permits it: § 1-1001.07(g)(5): “A qualified elector may register on election day …”',
      outcome: 'corrected',
      messages: [{ code: 'premise_corrected', params: { claim: 'voters cannot register on election day', how: 'permits', confirm: 'no', cited: '§ 1-1001.07(g)(5): “A qualified elector may register on election day …”' } }],
    });
    expect(permitted.text).toBe('La pregunta supone que voters cannot register on election day, pero el código lo permite: § 1-1001.07(g)(5): “A qualified elector may register on election day …”');
    // A claim the code neither confirms nor contradicts, then "does not answer directly": two sentences, in order.
    const unconfirmedEn = 'The question assumes the DC curfew covers everyone under 18; the District of Columbia code provisions found neither confirm nor contradict that.\n\nThe District of Columbia code does not answer this question directly. Related provisions, which do not answer it:\n\n- § 2-1543 — Curfew authority';
    const unconfirmed: ProductSentence[] = [
      { code: 'premise_unconfirmed', params: { claim: 'the DC curfew covers everyone under 18', place: 'District of Columbia' } },
      { code: 'answer_not_direct', params: { place: 'District of Columbia' } },
    ];
    expect(localiseOpening(en, unconfirmedEn, unconfirmed, 'en')).toBe(unconfirmedEn);
    expect(localiseOpening(es, unconfirmedEn, unconfirmed, 'es')).toBe(
      'La pregunta supone que the DC curfew covers everyone under 18; las disposiciones del código de District of Columbia encontradas no lo confirman ni lo contradicen.\n\nEl código de District of Columbia no responde directamente a esta pregunta. Disposiciones relacionadas, que no la responden:\n\n- § 2-1543 — Curfew authority',
    );
    const refused = answerView(es, { text: 'I could not find anything in the District of Columbia code that answers this question, so I will not guess.', outcome: 'not_found', messages: [{ code: 'answer_not_found', params: { place: 'District of Columbia', scope: 'code' } }] });
    expect(refused.text).toMatch(/^No encontré nada en el código de District of Columbia/);
  });

  it("words the built-in engine's own paragraphs in the reader's language, the law's words as they are", () => {
    const english = 'Yes — § 2-532(d)(1): “In unusual circumstances, the time limits … may be extended …”\n\nException — § 2-532(c)(2)(A): “If the public record requested is a body-worn camera recording …”\n\nDefined — § 2-539(a)(10): ““Public record” includes all books, papers …”';
    const lines: ProductSentence[] = [
      { code: 'answer_line', params: { kind: 'yes', cited: '§ 2-532(d)(1): “In unusual circumstances, the time limits … may be extended …”' } },
      { code: 'answer_line', params: { kind: 'exception', cited: '§ 2-532(c)(2)(A): “If the public record requested is a body-worn camera recording …”' } },
      { code: 'answer_line', params: { kind: 'defined', cited: '§ 2-539(a)(10): ““Public record” includes all books, papers …”' } },
    ];
    expect(localiseOpening(en, english, lines, 'en')).toBe(english);
    const spanish = answerView(es, { text: english, sentence: english.split('\n\n')[0], outcome: 'answered', messages: lines });
    expect(spanish.split).toEqual({
      answer: 'Sí — § 2-532(d)(1): “In unusual circumstances, the time limits … may be extended …”',
      details: 'Excepción — § 2-532(c)(2)(A): “If the public record requested is a body-worn camera recording …”\n\nDefinición — § 2-539(a)(10): ““Public record” includes all books, papers …”',
    });
    // A figure, a body: the law's own words, only the mark between them the product's.
    const stated: ProductSentence = { code: 'answer_line', params: { kind: 'stated', words: 'Within 15 days', cited: '§ 2-532(c)(1): “…”' } };
    expect(localiseOpening(es, 'Within 15 days — § 2-532(c)(1): “…”', [stated], 'es')).toBe('Within 15 days — § 2-532(c)(1): “…”');
  });

  it('words a fact an ordinance\'s record lacks, its day in the reader\'s language', () => {
    const english = 'Its record does not name who introduced or sponsored B26-164; it shows only that it was introduced on March 3, 2025.';
    const messages = [{ code: 'record_no_sponsor' as const, params: { name: 'B26-164', introduced: '2025-03-03' } }];
    expect(localiseOpening(en, english, messages, 'en')).toBe(english);
    expect(localiseOpening(es, english, messages, 'es')).toBe('Su registro no indica quién presentó o patrocinó B26-164; solo muestra que se presentó el 3 de marzo de 2025.');
  });

  it('words what the minutes and an ordinance\'s text do not say, the quotes after it left as they are', () => {
    const closest = 'The minutes do not answer this directly. The closest they come:\n\n“The motion carried 3-2.”';
    expect(localiseOpening(en, closest, [{ code: 'minutes_not_direct', params: {} }], 'en')).toBe(closest);
    expect(localiseOpening(es, closest, [{ code: 'minutes_not_direct', params: {} }], 'es')).toBe('Las actas no responden directamente a esto. Lo más cercano que dicen:\n\n“The motion carried 3-2.”');
    expect(localiseOpening(es, 'The minutes do not say.', [{ code: 'minutes_not_said', params: {} }], 'es')).toBe('Las actas no lo dicen.');
    expect(localiseOpening(es, 'The text of this ordinance does not say.', [{ code: 'ordinance_not_said', params: {} }], 'es')).toBe('El texto de esta ordenanza no lo dice.');
  });
});
