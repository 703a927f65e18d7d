import type { SectionStatus } from '@civicdesk/contract';
/** The records a code-book reading produces (the shapes of index.ts's API). */

export interface CodeBookFile {
  name: string;
  bytes: Uint8Array;
}

export interface CodeBookSection {
  /** Stable within the book: "<city>-<title key>-<number>", e.g. "sf-police-1.1", "baltimore-art2-2-2". */
  id: string;
  /** The citation as the city writes it: "Sec. 2.01", "§ 2-2", "Section 104", "10.04.010". */
  number: string;
  /** The heading without its number (headings set in capitals are given in title case). */
  title: string;
  /** The top division's short key: "Park", "Art. 2", "1". At most 20 characters. */
  title_number: string;
  title_name: string;
  chapter: string | null;
  chapter_title: string | null;
  subchapter: string | null;
  subchapter_title: string | null;
  /** "Park Code > Article 3. Regulations". */
  path: string;
  status: SectionStatus;
  /** The body without its heading and without history notes; one paragraph a line. */
  text: string;
  /** The history notes, set apart: "(Added by Ord. 603-81, App. 12/18/81)". */
  history: string | null;
  source_url: string | null;
}

export interface CodeBookProblem {
  file: string;
  /** "line 212": the source line where the heading (or the fault) is; "file" for the whole file. */
  where: string;
  message: string;
}

export interface CodeBookReading {
  sections: CodeBookSection[];
  problems: CodeBookProblem[];
  counts: {
    /** Files read; a file that could not be read is a problem instead. */
    files: number;
    titles: number;
    chapters: number;
    sections: number;
    repealed: number;
    /** Numbers the book keeps "Reserved" (or "Vacant"). */
    reserved: number;
    /** Sections printed twice with the same number, heading and text, stored once. */
    repeated_sections?: number;
    headings_seen: number;
  };
}
