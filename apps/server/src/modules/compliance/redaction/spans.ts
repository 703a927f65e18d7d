/**
 * What to redact: the accepted spans, widened to every other place the same words stand in the
 * document (a name or a number accepted once is withheld everywhere it occurs), merged where they
 * touch. Offsets are in the report's text.
 */
export interface Span {
  start: number;
  end: number;
}

/** Shorter values are not searched elsewhere: "Li" or "12" would black out half the page. */
const MIN_REPEAT_LENGTH = 3;

export function redactionSpans(text: string, accepted: Span[]): Span[] {
  const spans: Span[] = [];
  const values = new Set<string>();
  for (const s of accepted) {
    const start = Math.max(0, Math.min(s.start, text.length));
    const end = Math.max(start, Math.min(s.end, text.length));
    if (end > start) spans.push({ start, end });
    const value = text.slice(start, end).trim();
    if (value.length >= MIN_REPEAT_LENGTH) values.add(value);
  }
  for (const value of values) {
    for (let at = text.indexOf(value); at >= 0; at = text.indexOf(value, at + value.length)) spans.push({ start: at, end: at + value.length });
  }
  return mergeSpans(spans);
}

export function mergeSpans(spans: Span[]): Span[] {
  const sorted = [...spans].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Span[] = [];
  for (const s of sorted) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

/**
 * A line shown beside a released document (its title) with every withheld value taken out, also
 * one the line cuts short at its end ("... Washington, DC 2" of "... DC 20010").
 */
export function withoutValues(line: string, values: string[]): string {
  let out = line;
  for (const v of [...new Set(values.map((x) => x.trim()).filter((x) => x.length >= 3))].sort((a, b) => b.length - a.length)) {
    out = out.split(v).join('[redacted]');
    for (let k = v.length - 1; k >= 3; k--) {
      if (out.endsWith(v.slice(0, k))) {
        out = `${out.slice(0, -k)}[redacted]`;
        break;
      }
    }
  }
  return out;
}
