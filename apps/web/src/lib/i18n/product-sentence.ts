import type { EngineName, ProductSentence } from '@civicdesk/contract';
import { formatDay } from '../format';
import type { MessageKey, Translate } from './index';

/**
 * The product's own sentences in an answer (issue 30). The server sends each as a code with the parts
 * it fills in (a city's name, the reader's claim, the provision cited) besides its English text for
 * API clients; the screens word them from the catalogues, in the reader's language. An answer's text
 * opens with them, one paragraph each and in order, so they are replaced by position, never by
 * recognising English words.
 */
const NOT_FOUND: Record<string, MessageKey> = {
  code: 'sentenceNotFoundCode',
  code_and_documents: 'sentenceNotFoundCodeAndDocuments',
  documents: 'sentenceNotFoundDocuments',
  nothing: 'sentenceNothingToAnswerFrom',
};
const HOW: Record<string, MessageKey> = {
  otherwise: 'premiseHowOtherwise',
  limit: 'premiseHowLimit',
  in_force: 'premiseHowInForce',
  rule: 'premiseHowRule',
  forbids: 'premiseHowForbids',
  permits: 'premiseHowPermits',
  other_body: 'premiseHowOtherBody',
};

/** A paragraph of the built-in engine's answer, by its kind. */
const LINE: Record<string, MessageKey> = {
  yes: 'lineYes',
  no: 'lineNo',
  stated: 'lineStated',
  according: 'lineAccording',
  exception: 'lineException',
  exception_condition: 'lineExceptionCondition',
  defined: 'lineDefined',
  also: 'lineAlso',
  see_also: 'lineSeeAlso',
};

export function productSentence(t: Translate, sentence: ProductSentence, language = 'en'): string {
  const p = sentence.params;
  switch (sentence.code) {
    case 'answer_not_direct':
      return t('sentenceNotDirect', { place: p.place ?? '' });
    case 'answer_not_found':
      return t(NOT_FOUND[p.scope ?? 'code'] ?? 'sentenceNotFoundCode', { place: p.place ?? '' });
    case 'chat_off_topic':
      return t('sentenceOffTopic', { place: p.place ?? '' });
    case 'premise_corrected':
      return t(p.confirm === 'yes' ? 'sentencePremiseCorrectedNo' : 'sentencePremiseCorrected', { claim: p.claim ?? '', how: t(HOW[p.how ?? ''] ?? 'premiseHowOtherwise'), cited: p.cited ?? '' });
    case 'premise_noted':
      return t('sentencePremiseNoted', { how: t(HOW[p.how ?? ''] ?? 'premiseHowOtherwise'), cited: p.cited ?? '' });
    case 'premise_unconfirmed':
      return t('sentencePremiseUnconfirmed', { claim: p.claim ?? '', place: p.place ?? '' });
    case 'ordinance_not_direct':
      return t('sentenceOrdinanceNotDirect');
    case 'ordinance_not_said':
      return t('sentenceOrdinanceNotSaid');
    case 'minutes_not_direct':
      return t('sentenceMinutesNotDirect');
    case 'minutes_not_said':
      return t('sentenceMinutesNotSaid');
    case 'answer_line':
      return t(LINE[p.kind ?? ''] ?? 'lineAccording', { cited: p.cited ?? '', words: p.words ?? '', condition: p.condition ?? '' });
    case 'record_no_sponsor':
      return p.introduced ? t('sentenceRecordNoSponsorIntroduced', { name: p.name ?? '', date: formatDay(p.introduced, language, 'long') }) : t('sentenceRecordNoSponsor', { name: p.name ?? '' });
  }
}

/**
 * A text that opens with the product's sentences (an answer, its answer sentence), those paragraphs
 * worded in the reader's language; the rest (the law's words, the engine's quotes) as it is. A text
 * that has no such paragraphs is returned as it is.
 */
export function localiseOpening(t: Translate, text: string, sentences: ProductSentence[] | undefined, language = 'en'): string {
  if (!sentences?.length || !text) return text;
  const paragraphs = text.split(/\n\n/);
  const worded = sentences.map((s) => productSentence(t, s, language));
  // Whole-text sentences (not found, off topic) stand alone: the text is the sentence.
  if (paragraphs.length === 1 && sentences.length === 1) return worded[0];
  // By position: the answer sentence holds only the first of the paragraphs the whole text opens with.
  return paragraphs.map((p, i) => (i < worded.length ? worded[i] : p)).join('\n\n');
}

/** The engine that answered, named in the reader's language; the server's label for answers stored before the engine was sent. */
export function engineNameOf(t: Translate, engine: EngineName | null | undefined, model: string | null | undefined, label: string | null | undefined): string | null {
  if (engine === 'offline') return t('engineNameOffline');
  // A model's name is the deployment's own: from `model`, else as the server's label gives it.
  if (engine === 'openai-compatible') return model ? t('engineNameModel', { model }) : label || t('engineNameModel', { model: '' }).trim();
  return label || null;
}
