/** The records an agenda-document reading produces (the shapes of index.ts's API). */

/** A published agenda or minutes document, as `platform/files/extract.ts` `extractText` gives it. */
export interface AgendaDocumentInput {
  /** The file's name, for problems ("a12-10-16.pdf"). */
  name: string;
  text: string;
  /** A PDF's page count; null for DOCX and plain text (their blank lines are paragraph breaks, not pages). */
  pageCount: number | null;
}

export type AgendaItemKind = 'ORDINANCE' | 'RESOLUTION' | 'PROCLAMATION' | 'AGENDA_ITEM';

export interface AgendaDocumentItem {
  /**
   * The item's number as published, without its closing punctuation: "12" (for "12."), "A",
   * "5-A", "4" (for "Item 4."), "3" (for "(3)"). A lettered item under numbered item 7 is "7-A".
   * Not unique when an agenda restarts its numbering in each section: key items by position.
   */
  number: string;
  /** The item's own text, wrapped lines joined, at most TITLE_MAX_CHARS (cut at a word, with "…"). */
  title: string;
  /** The heading the item sits under, as published ("CONSENT AGENDA – RESOLUTIONS"). */
  section: string | null;
  /** The item's own file or document number ("File No. 12-345", "RES 2019-15"); never a number it only mentions. */
  file_number: string | null;
  kind: AgendaItemKind;
  /** The PDF page the item starts on; null for DOCX/text, or when the text's page breaks do not match the page count. */
  page: number | null;
}

export interface AgendaMeeting {
  /** "City Council", "Planning Commission" (names set in capitals are given in title case). */
  body: string | null;
  /** The document's own title line as published ("CITY COUNCIL AGENDA FOR OCTOBER 16, 2012"), else the file name. */
  title: string;
  /** ISO yyyy-mm-dd. */
  date: string | null;
  /** As published: "2:00 P.M.", "6:30 pm". */
  time: string | null;
  place: string | null;
  document: 'agenda' | 'minutes';
}

export interface AgendaDocumentProblem {
  file: string;
  /** "file" for the whole file, "meeting" for the masthead, "page 3" or "item 14" (no page known) for one place. */
  where: string;
  message: string;
}

export interface AgendaDocumentReading {
  meeting: AgendaMeeting | null;
  items: AgendaDocumentItem[];
  problems: AgendaDocumentProblem[];
}
