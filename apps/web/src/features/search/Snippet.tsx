import { parseSnippet } from './snippet';

/** A search snippet with its matched words highlighted, built from text nodes only. */
export function Snippet({ html, className }: { html: string; className?: string }) {
  const segments = parseSnippet(html);
  return (
    <p className={className}>
      {segments.map((segment, index) => (segment.marked ? <mark key={index}>{segment.text}</mark> : <span key={index}>{segment.text}</span>))}
    </p>
  );
}
