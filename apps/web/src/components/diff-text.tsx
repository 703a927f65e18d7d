import type { WordPart } from '../lib/text-changes';

/** Words removed struck through, words added underlined (the comparative print's convention). */
export function DiffText({ parts }: { parts: WordPart[] }) {
  return (
    <p className="whitespace-pre-wrap text-sm leading-relaxed text-slate-900">
      {parts.map((p, i) =>
        p.kind === 'removed' ? (
          <del key={i} className="bg-red-50 text-red-800">
            {p.text}
          </del>
        ) : p.kind === 'added' ? (
          <ins key={i} className="bg-green-50 text-green-900 underline">
            {p.text}
          </ins>
        ) : (
          <span key={i}>{p.text}</span>
        ),
      )}
    </p>
  );
}
