import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Search, X } from 'lucide-react';
import { SEARCH_QUERY_MAX } from '@civicdesk/contract';
import { useExampleFileNumber } from '../../api/search';
import { useI18n } from '../../lib/i18n';

/** Typing settles for this long before a search runs: fast typists send one request, not ten. */
export const SEARCH_DEBOUNCE_MS = 250;
/** A search typed after a pause this long gets its own history entry, so Back returns to it. */
const NEW_SEARCH_PAUSE_MS = 2_000;

/**
 * The search field above the tabs. It keeps its own text while typing and follows the address
 * when it changes from outside (Back, a shared link). "/" focuses it from anywhere on the page.
 */
export function SearchBox({ query, onSearch }: { query: string; onSearch: (q: string, navigation: { replace: boolean }) => void }) {
  const { t } = useI18n();
  const example = useExampleFileNumber();
  const [text, setText] = useState(query);
  const inputRef = useRef<HTMLInputElement>(null);
  const lastSent = useRef({ q: query, at: 0 });
  // The debounce timer fires after later renders: it must call the newest handler, not its first one.
  const onSearchRef = useRef(onSearch);
  onSearchRef.current = onSearch;

  useEffect(() => {
    // The address changed under us (Back, a link): show its query unless it is what we just sent.
    if (query !== lastSent.current.q) {
      lastSent.current = { q: query, at: 0 };
      setText(query);
    }
  }, [query]);

  const send = (value: string, forceNewEntry: boolean) => {
    if (value === lastSent.current.q) return;
    const now = Date.now();
    const replace = !forceNewEntry && now - lastSent.current.at < NEW_SEARCH_PAUSE_MS;
    lastSent.current = { q: value, at: now };
    onSearchRef.current(value, { replace });
  };

  useEffect(() => {
    const timer = setTimeout(() => send(text, false), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
    // Re-arming on text alone is the debounce; `send` reads only refs and the latest props.
  }, [text]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));
      if (event.key === '/' && !typing && !event.ctrlKey && !event.metaKey && !event.altKey) {
        event.preventDefault();
        inputRef.current?.focus();
        inputRef.current?.select();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // Enter on the query already shown still opens the results tab.
    if (text === lastSent.current.q) onSearchRef.current(text, { replace: true });
    else send(text, true);
  };

  return (
    <form role="search" aria-label={t('searchFormLabel')} onSubmit={submit} className="relative">
      <label htmlFor="smart-search-query" className="sr-only">
        {t('searchFieldLabel')}
      </label>
      <Search className="pointer-events-none absolute left-4 top-1/2 size-5 -translate-y-1/2 text-slate-500" aria-hidden="true" />
      <input
        ref={inputRef}
        id="smart-search-query"
        type="search"
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        placeholder={example ? t('searchPlaceholder', { example }) : t('searchPlaceholderPlain')}
        aria-describedby="smart-search-hint"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && text) {
            event.preventDefault();
            setText('');
          }
        }}
        className="h-12 w-full rounded-lg border border-slate-400 bg-white pl-12 pr-12 text-base sm:pr-24 text-slate-900 shadow-sm placeholder:text-slate-500 focus-visible:border-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 [&::-webkit-search-cancel-button]:hidden"
      />
      <div className="absolute right-2 top-1/2 flex -translate-y-1/2 items-center gap-1">
        {text && (
          <button
            type="button"
            onClick={() => {
              setText('');
              inputRef.current?.focus();
            }}
            className="rounded-md p-1.5 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600"
          >
            <X className="size-4" aria-hidden="true" />
            <span className="sr-only">{t('clearSearch')}</span>
          </button>
        )}
        <kbd aria-hidden="true" className="hidden rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 font-mono text-xs text-slate-600 sm:inline">
          /
        </kbd>
      </div>
      <p id="smart-search-hint" className="sr-only">
        {t('searchHint')}
      </p>
    </form>
  );
}
