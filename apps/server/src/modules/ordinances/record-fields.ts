/**
 * A measure's record read as what its fields are (issue 32): the page's "Votes and readings" listed
 * "Frumin", "Bonds", "T." as readings, and "Summary from the official record" showed "Please see
 * Referral Memo. COMMITTEE REFERRAL IS AS FOLLOWS:". The demo city's vote history keeps only the first
 * word of each vote's name ("Bonds" of a member's amendment), and its summary field also holds the
 * clerk's notes (a funding note, a referral, "See 'Other Documents' tab").
 */

/** One word a vote history uses for a reading or an action, and how the page names it. */
const READINGS: [RegExp, string][] = [
  [/^(?:first|1st)$/i, 'First reading'],
  [/^(?:second|2nd)$/i, 'Second reading'],
  [/^(?:third|3rd)$/i, 'Third reading'],
  [/^final$/i, 'Final reading'],
  [/^amendments?#?$/i, 'Amendment'],
  [/^oral$/i, 'Oral amendment'],
  [/^motions?$/i, 'Motion'],
  [/^postponed$/i, 'Postponed'],
  [/^tabled$/i, 'Tabled'],
  [/^override$/i, 'Veto override'],
  [/^reconsider(?:ation|ed)?,?$/i, 'Reconsideration'],
  [/^agendized;?$/i, 'Agendized'],
  [/^(?:passed|adopted|approved|enacted|introduced|vetoed|signed|failed|withdrawn|referred|continued|received|filed)$/i, ''],
];

/**
 * A vote as the page lists it: a reading's word named in full ("First" is "First reading"); a
 * history's own wording of several words (a Legistar action, "Approved by Council (City Council)
 * Pass") as it is; one word that names no reading (a member's name, "T.", "(R.") is a vote the record
 * does not name, kept as recorded beside it, never shown as a reading.
 */
export function readVote(vote: { date: string; reading: string }): { date: string; reading: string; recorded_as: string | null } {
  const word = vote.reading.trim();
  if (/\s/.test(word)) return { date: vote.date, reading: word, recorded_as: null };
  const known = READINGS.find(([pattern]) => pattern.test(word));
  if (known) return { date: vote.date, reading: known[1] || word.charAt(0).toUpperCase() + word.slice(1).toLowerCase(), recorded_as: null };
  return { date: vote.date, reading: 'Vote', recorded_as: word || null };
}

/** A clerk's note in the summary field: a referral, a funding or fiscal note, a pointer to other documents, a rename, a transmittal. */
const NOTE = new RegExp(
  [
    String.raw`^(?:please )?see\b`,
    String.raw`^this (?:measure|legislation|bill) (?:is|was|has been) (?:sequentially )?(?:re-?)?referred`,
    String.raw`^the chairman is referring`,
    String.raw`^(?:re-?)?transmitted to congress`,
    String.raw`^(?:funding|fiscal) note\b`,
    String.raw`^aka\b`,
    String.raw`^incorporated provisions`,
    String.raw`committee referral is as follows`,
  ].join('|'),
  'i',
);

/** The summary field as a summary and a note apart: "FUNDING NOTE - …" is a note; "BILL SUMMARY - …" after one is the summary. */
export function summaryAndNote(summary: string): { summary: string; record_note: string | null } {
  const text = summary.trim();
  if (!text || !NOTE.test(text)) return { summary, record_note: null };
  const at = text.search(/\bBILL SUMMARY\b/);
  if (at > 0) return { summary: text.slice(at).trim(), record_note: text.slice(0, at).trim() };
  return { summary: '', record_note: text };
}
