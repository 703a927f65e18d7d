import { z } from 'zod';

/** The AI engine that answered (decision 006): the built-in offline engine or an OpenAI-compatible model. */
export const engineNameSchema = z.enum(['offline', 'openai-compatible']);

/**
 * A sentence of the product's own in an answer (issue 30), as a code and the parts it fills in: the
 * API also sends it in English for API clients; the web app words it from its catalogues in the
 * reader's language. Parts are the reader's or the city's own words (a claim, a city's name).
 *   answer_not_direct {place}     the code does not answer this directly; related provisions follow
 *   answer_not_found {place, scope}  nothing found (scope: code | code_and_documents | documents | nothing)
 *   chat_off_topic {place}        the chatbot answers only about the city's law
 *   premise_corrected {claim, how, confirm, cited}  "No." when confirm is yes; the question assumes {claim}, but the code
 *                                 says otherwise (how: otherwise | limit | in_force | rule | forbids | permits | other_body): {cited}
 *   premise_noted {how, cited}    a figure the question took for granted, corrected: {cited}
 *   premise_unconfirmed {claim, place}  the question assumes {claim}; the provisions found neither confirm nor
 *                                 contradict it (followed by answer_not_direct and the related provisions)
 *   ordinance_not_direct {}       the ordinance's text does not answer this directly; the closest it comes follows
 *   ordinance_not_said {}         the ordinance's text does not say (the whole answer)
 *   minutes_not_direct {}         the minutes do not answer this directly; the closest they come follows
 *   minutes_not_said {}           the minutes do not say (the whole answer)
 *   record_no_sponsor {name, introduced}  the measure's record names no sponsor (introduced: a date, or '')
 *   answer_line {kind, cited, words?, condition?}  a paragraph of the built-in engine's answer, its product
 *                                 words worded by the reader's catalogue (kind: yes | no | stated | according |
 *                                 exception | exception_condition | defined | also | see_also); `cited` is the
 *                                 provision and its quoted words, `words` (what answers: a figure, a body) and
 *                                 `condition` the law's own words
 * An answer's text opens with these sentences, one paragraph each, in this order.
 */
export const productSentenceCodeSchema = z.enum(['answer_not_direct', 'answer_not_found', 'chat_off_topic', 'premise_corrected', 'premise_noted', 'premise_unconfirmed', 'ordinance_not_direct', 'ordinance_not_said', 'minutes_not_direct', 'minutes_not_said', 'record_no_sponsor', 'answer_line']);
export const productSentenceSchema = z.object({ code: productSentenceCodeSchema, params: z.record(z.string(), z.string()) });
export type ProductSentence = z.infer<typeof productSentenceSchema>;

/**
 * How an answer stands (issue 30): `answered`, it leads with a verdict the quoted words state for
 * the question; `corrected`, the question's premise was corrected from the provision that states the
 * true rule (an answer may follow); `not_direct`, the code does not answer it directly and the
 * provisions shown are related only; `not_found`, nothing speaks to it.
 */
export const answerOutcomeSchema = z.enum(['answered', 'corrected', 'not_direct', 'not_found']);
export type AnswerOutcome = z.infer<typeof answerOutcomeSchema>;
export type EngineName = z.infer<typeof engineNameSchema>;
