import type { engineNameSchema } from '@civicdesk/contract';
import type { z } from 'zod';

/**
 * The one AI engine interface (decisions.md: AI works with no model, and with any
 * OpenAI-compatible endpoint). Features hand it the sources retrieval found; it answers only from
 * them and returns the quotes it relied on, which the caller checks against the sources again.
 */
export type EngineName = z.infer<typeof engineNameSchema>;

/** A text the answer may draw on: a code section, an ordinance, an uploaded document... */
export interface Source {
  id: string;
  /** How the answer names it: "§ 2-532", "B25-914", "lease.pdf". */
  label: string;
  title?: string;
  /** Where it stands in its code: "Chapter 3B. Contract Appeals Board > Subchapter II. …" (what the section is about, beside its heading). */
  place?: string;
  text: string;
}

export interface ChatTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface GroundedRequest {
  /** answer: answer the question from the sources; summarize: say what the sources do/contain. */
  task: 'answer' | 'summarize';
  question: string;
  sources: Source[];
  history?: ChatTurn[];
  /**
   * Words the question implies but does not say (the statute's vocabulary for a resident's words):
   * the offline engine counts them, at half weight, when it looks for the sentence that answers.
   */
  relatedWords?: string[];
  /**
   * The conversation a follow-up continues ("Can that be extended?" after a records-request
   * question): the offline engine counts its words, together at most half as much as the question's own.
   */
  context?: string;
  /** The place's own name and code ("City and County of San Francisco SF"): words of it name no subject of a question about its law. */
  place?: string;
  /** Most quotes the answer should carry. */
  maxQuotes?: number;
  /** Feature-specific guidance for a model (what kind of answer, tone). Never shown as a source. */
  guidance?: string;
  signal?: AbortSignal;
}

export interface Quote {
  sourceId: string;
  /** Verbatim text of the source. */
  quote: string;
}

export interface GroundedAnswer {
  engine: EngineName;
  model: string | null;
  text: string;
  /** The answer sentence the text opens with (the offline engine's lead; a model's first sentence). */
  lead?: string;
  quotes: Quote[];
  /** False when no source says anything about the question: the caller says so plainly. */
  found: boolean;
  /**
   * False when the sources only come close: no quote states the verdict for this question (support.ts),
   * so the quotes are related provisions, never the answer. Unset for a model's answer until checked.
   */
  /** The built-in engine's support check on the verdict it leads with: the share of the question's subject its quote covers. */
  coverage?: number;
  direct?: boolean;
  /** Set when the model failed and the offline engine answered instead. */
  fallbackReason?: string;
  /**
   * The built-in engine's paragraphs as the product's sentences (answer_line), one per paragraph of
   * `text` in order, so the web app words "Yes —", "Exception —", "According to" in the reader's language.
   */
  lines?: AnswerLine[];
}

/** A paragraph of the built-in engine's answer: what kind it is, and the law's words it carries. */
export interface AnswerLine {
  kind: 'yes' | 'no' | 'stated' | 'according' | 'exception' | 'exception_condition' | 'defined' | 'also' | 'see_also';
  /** The provision and its quoted words ("§ 2-532(d)(1): “…”"), or the citation alone after a condition. */
  cited: string;
  /** The law's words that answer (a figure, a body) for `stated`; the figure of an exception for `exception_condition`. */
  words?: string;
  condition?: string;
}

/** A paragraph's English, as the web app's English catalogue words it too. */
export function answerLineText(line: AnswerLine): string {
  switch (line.kind) {
    case 'yes':
      return `Yes — ${line.cited}`;
    case 'no':
      return `No — ${line.cited}`;
    case 'stated':
      return `${line.words} — ${line.cited}`;
    case 'according':
      return `According to ${line.cited}`;
    case 'exception':
      return `Exception — ${line.cited}`;
    case 'exception_condition':
      return `Exception — ${line.condition}: ${line.words} (${line.cited}).`;
    case 'defined':
      return `Defined — ${line.cited}`;
    case 'also':
      return `Also ${line.cited}`;
    case 'see_also':
      return `See also ${line.cited}`;
  }
}

export interface QueryPlan {
  queries: string[];
  intent: string;
  /** A follow-up rewritten to stand alone by a model ("Can the 15-day deadline for a records request be extended?"). */
  standalone?: string;
}

/** A part of a form the model may write (drafting): what it holds, and the built-in engine's version. */
export interface FormPartRequest {
  key: string;
  label: string;
  instruction: string;
  /** A finding-like part: each paragraph must name its source and quote it. */
  grounded: boolean;
  /** The built-in drafter's paragraphs, which the model may improve but not contradict. */
  baseline: string[];
}

export interface FormFillRequest {
  /** "ordinance", "resolution"... */
  kind: string;
  /** The drafter's request in their words, with any details they gave. */
  request: string;
  parts: FormPartRequest[];
  sources: Source[];
  guidance: string;
  signal?: AbortSignal;
}

export interface FormParagraph {
  text: string;
  /** Id of the source the paragraph rests on, and the words it quotes (checked by the caller). */
  sourceId?: string;
  quote?: string;
}

export interface FormFill {
  engine: EngineName;
  model: string | null;
  /** Parts the engine wrote; a part it did not write keeps the built-in drafter's version. */
  parts: Record<string, FormParagraph[]>;
  fallbackReason?: string;
}

export interface EditRequest {
  text: string;
  instruction: string;
  /** Sections the instruction names (a WHEREAS quoting section 2-532 needs that section's text). */
  sources?: Source[];
  /** New sections the instruction asks for ("add a section requiring …"), written by the drafter from its words. */
  newSections?: NewSection[];
  signal?: AbortSignal;
}

/** A section an edit adds, as the drafter (modules/drafting) wrote it from the part of the instruction that asks for it. */
export interface NewSection {
  /** The part of the instruction that asks for it, as `editParts` splits it. */
  ask: string;
  heading: string;
  /** Its sentences, each a subsection when there are several. */
  sentences: string[];
  /** What it does, as a long title says it: "require beekeepers to register each hive …". */
  purpose: string;
}

export interface EditStream {
  /** The edited text, in pieces as they come (the whole text when they are joined). */
  chunks: AsyncIterable<string>;
  /** Known once the chunks end: whether anything changed, and what. */
  outcome: Promise<{ applied: boolean; summary: string; fallbackReason?: string }>;
}

/** A record (meeting minutes) the model reads beside the built-in reading of it (issue 12). */
export interface RecordReadingRequest {
  text: string;
  /** What the built-in reader found, as short lines ("Motion: ... — carried 5-2"), for the model to keep or add to. */
  found: string[];
  signal?: AbortSignal;
}

/** The model's reading: every claim with the exact words of the record it rests on; the caller checks each. */
export interface RecordReading {
  summary: { sentence: string; quote: string }[];
  motions: { quote: string; mover: string | null; seconder: string | null; outcome: string | null; tally: string | null }[];
  actions: { quote: string; owner: string | null; due: string | null }[];
}

export interface AiEngine {
  readonly name: EngineName;
  readonly model: string | null;
  answer(request: GroundedRequest): Promise<GroundedAnswer>;
  /** Search queries for a question, resolving a follow-up against the conversation. */
  planQueries(question: string, history: ChatTurn[], signal?: AbortSignal): Promise<QueryPlan>;
  /** Streams a reply token by token (chat features); the offline engine streams its grounded answer. */
  streamAnswer(request: GroundedRequest): AsyncIterable<string>;
  /** Writes the parts of a form from the sources (drafting); the offline engine keeps the built-in draft. */
  fillForm(request: FormFillRequest): Promise<FormFill>;
  /** Edits a text as asked, streamed; the offline engine applies the edit rules it knows (edits.ts). */
  streamEdit(request: EditRequest): EditStream;
  /** Reads a record abstractively (summary) and for what the built-in reader missed; the offline engine has nothing to add (null). */
  readRecord(request: RecordReadingRequest): Promise<RecordReading | null>;
  /**
   * Does the quote state this verdict for the question? (the support check's second opinion, issue 30):
   * true or false from a model, null when it cannot tell (it failed). The offline engine has none: its
   * own check (support.ts) is the whole check.
   */
  judgeSupport?(request: SupportJudgement): Promise<boolean | null>;
}

export interface SupportJudgement {
  question: string;
  /** The answer sentence the verdict is in. */
  verdict: string;
  quote: string;
  /** "§ 2-532(c)(1)". */
  label: string;
  signal?: AbortSignal;
}
