/**
 * The records-request letter, written by the built-in engine from facts only: the request's own
 * words, the statute and its quoted sentence, the due date counted by the calendar, the documents
 * released and the exemptions applied. Nothing in it is made up; the clerk edits it before sending.
 */
export interface PraLetter {
  requesterName: string | null;
  requestText: string;
  receivedDate: string;
  dueDate: string | null;
  statute: { reference: string; title: string; days: number; extension_days: number; business_days: boolean; quote: string | null };
  lawName: string | null;
  documents: { title: string; redactions: number }[];
  exemptions: { reference: string; label: string; applied_to: string }[];
  appealSection: string | null;
  signer: string;
  locationName: string;
}

export function longDate(day: string): string {
  return new Intl.DateTimeFormat('en-US', { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
}

const excerpt = (text: string, max = 600) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : `${flat.slice(0, max).replace(/\s+\S*$/, '')} ...`;
};

export function composePraEmail(letter: PraLetter): { subject: string; body: string } {
  const received = longDate(letter.receivedDate);
  const subject = letter.dueDate
    ? `Your public records request of ${received}: response due ${longDate(letter.dueDate)}`
    : `Your public records request of ${received}`;
  const s = letter.statute;
  const dayWord = s.business_days ? 'business days (excluding Saturdays, Sundays and legal public holidays)' : 'days';
  const lines: string[] = [`Dear ${letter.requesterName?.trim() || 'Requester'},`, '', `We received your request for public records on ${received}. You asked for:`, '', `“${excerpt(letter.requestText)}”`, ''];
  if (s.days && letter.dueDate) {
    lines.push(
      `Under ${s.reference}${letter.lawName ? ` (${letter.lawName})` : ''}, ${letter.locationName} must respond within ${s.days} ${dayWord} of receiving a request. The response to your request is due by ${longDate(letter.dueDate)}.`,
    );
    if (s.quote) lines.push('', `The law provides: “${s.quote}”`);
    if (s.extension_days) lines.push('', `In unusual circumstances this time may be extended by no more than ${s.extension_days} ${s.business_days ? 'business ' : ''}days by written notice to you.`);
  } else {
    lines.push(`We will respond as the records law of ${letter.locationName} requires.`);
  }
  lines.push('');
  if (letter.documents.length) {
    lines.push('The following records are released with this letter:');
    for (const d of letter.documents) lines.push(`- ${d.title}${d.redactions ? ` (${d.redactions} redaction${d.redactions === 1 ? '' : 's'})` : ''}`);
  } else {
    lines.push('We are searching for the records you describe and will release what we find by the due date.');
  }
  if (letter.exemptions.length) {
    lines.push('', 'Information withheld:');
    for (const e of letter.exemptions) lines.push(`- ${e.applied_to}, withheld under ${e.reference}: “${e.label}”.`);
    if (letter.appealSection) lines.push('', `If you believe information was withheld in error, you may petition the Mayor to review this decision under ${letter.appealSection}.`);
  }
  lines.push('', 'Sincerely,', letter.signer, letter.locationName);
  return { subject, body: lines.join('\n') };
}
