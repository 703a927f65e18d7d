import { type ChatTurn, contentWords } from '../ai';

/**
 * A follow-up read with the turns before it (issue 19): "Can that be extended?" after a question on
 * records requests is about records requests. The one reading of a conversation for the Knowledge
 * Assistant's threads and the Legal Chatbot's conversations: whether the question reads on from the
 * conversation, the earlier subject's words, and the sections the previous answer cited, which
 * compete with a fresh search. A question with a subject of its own starts fresh.
 */
export interface ConversationTurn extends ChatTurn {
  /** Ids of the code sections an assistant turn cited. */
  cited?: string[];
  /** Headings of those sections, as the answer showed them. */
  citedTitles?: string[];
}

export interface FollowUp {
  followUp: boolean;
  /** The subject the question continues: the earlier questions and the headings of the sections the last answer cited. */
  context: string;
  /** Sections the previous answer cited. */
  candidates: string[];
}

const CONTINUES = /^(?:and|also|but|so|then|plus|what about|how about|what if|what else|same for|does (?:that|it|this)|is (?:that|it|this)|are (?:they|those|these)|can (?:they|it|that|those)|do (?:they|those)|will (?:that|it))\b/i;
/**
 * A pronoun that points back: "it", "they", "those", "he", "her"; "that"/"this" standing for a thing
 * ("can that be extended?", "before that kicks in") or naming one already spoken of ("that notice");
 * "too", "as well", "either" at the end ("Does the ANC get told too?").
 */
const POINTS_BACK =
  /\b(?:it|its|they|them|their|those|these|such|he|him|his|she|her)\b|\b(?:too|as well|either)\s*[?.!]*\s*$|\b(?:that|this)\s+(?:notice|order|request|application|permit|license|licence|claim|appeal|decision|hearing|bill|case|process|kicks?|starts?|ends?|runs?|happens?)\b|\b(?:that|this)\s+(?:be|is|was|apply|applies|include|includes|mean|means|cover|covers|count|counts|happen|change|work|take|cost|still|also|get|gets|rule|deadline|fee|fine|period|limit|requirement|one|law|section)\b|\b(?:about|for|to|of|on|with|after|under|from|than)\s+(?:that|this)\b|\b(?:that|this)\s*\?*$/i;
/**
 * Words a question can be made of without naming a subject: "Can the 15-day deadline be extended?"
 * has no topic of its own. Stems, as contentWords gives them.
 */
const NO_SUBJECT = new Set(
  contentWords(
    'deadline deadlines extend extended extension fine fines penalty penalties appeal appeals fee fees cost costs exception exceptions apply applies ' +
      'weekend weekends holiday holidays second third first offense offence repeat time times day days week weeks month months year years hour hours ' +
      'long many much soon late early later earlier limit limits maximum minimum happen happens next step steps else instead again decide decides ' +
      'who whom which what when where why how someone somebody anyone person people they them miss missed late waive waived denied deny refuse refused ' +
      'allowed allow required require need needs must can may rule rules law laws exempt exemption count counts still also true case cases notice',
  ),
);

/** A stored turn as the next question reads it: an answer with the code sections it cited (a follow-up's candidates). */
export function turnOf(role: ChatTurn['role'], content: string, citations: unknown): ConversationTurn {
  const cited = (Array.isArray(citations) ? citations : []).filter(
    (c): c is { source_id: string; title?: string } => c?.kind === 'code_section' && typeof c.source_id === 'string',
  );
  return { role, content, cited: [...new Set(cited.map((c) => c.source_id))], citedTitles: [...new Set(cited.map((c) => c.title ?? ''))].filter(Boolean) };
}

export function readFollowUp(question: string, history: ConversationTurn[]): FollowUp {
  const questions = history.filter((t) => t.role === 'user').map((t) => t.content);
  const lastAnswer = [...history].reverse().find((t) => t.role === 'assistant');
  const none: FollowUp = { followUp: false, context: '', candidates: [] };
  if (!questions.length) return none;
  const own = contentWords(question.replace(/\d+[-\s]day/gi, ' '));
  const subjectWords = own.filter((w) => !NO_SUBJECT.has(w) && !/^\d/.test(w));
  const followUp = CONTINUES.test(question.trim()) || POINTS_BACK.test(question) || own.length <= 3 || subjectWords.length === 0;
  if (!followUp) return none;
  // The last two questions carry the subject through a follow-up of a follow-up ("And after that?").
  const context = [...questions.slice(-2), ...(lastAnswer?.citedTitles ?? []).slice(0, 2)].join(' ');
  return { followUp: true, context, candidates: lastAnswer?.cited ?? [] };
}
