import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { en } from './en';
import { enAdmin } from './en-admin';
import { enAssistant } from './en-assistant';
import { enChat } from './en-chat';
import { enCompliance } from './en-compliance';
import { enDrafting } from './en-drafting';
import { enRecords } from './en-records';
import { enServer } from './en-server';
import { enSearch } from './en-search';
import { enSummary } from './en-summary';
import { es } from './es';
import { esAdmin } from './es-admin';
import { esAssistant } from './es-assistant';
import { esChat } from './es-chat';
import { esCompliance } from './es-compliance';
import { esDrafting } from './es-drafting';
import { esRecords } from './es-records';
import { esServer } from './es-server';
import { esSearch } from './es-search';
import { esSummary } from './es-summary';

/** The merged catalogue of each language: one object per language, keyed by message. */
export const dictionaries = {
  en: { ...en, ...enAdmin, ...enAssistant, ...enSearch, ...enChat, ...enDrafting, ...enCompliance, ...enSummary, ...enRecords, ...enServer },
  es: { ...es, ...esAdmin, ...esAssistant, ...esSearch, ...esChat, ...esDrafting, ...esCompliance, ...esSummary, ...esRecords, ...esServer },
};

export type Language = keyof typeof dictionaries;
export type MessageKey = keyof (typeof dictionaries)['en'];
export type TranslateVars = Record<string, string | number>;
export type Translate = (key: MessageKey, vars?: TranslateVars) => string;

export const LANGUAGES: { code: Language; label: string }[] = [
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
];

const LANGUAGE_STORAGE_KEY = 'ui_language';

/**
 * A message with a count of one has its own words where the dictionary gives them (`draftsTotal_one`:
 * "1 draft", not "1 drafts"): the count is `count`, or `total` for a message counted by its total.
 */
function singularKey(key: MessageKey, vars?: TranslateVars): MessageKey {
  const n = vars?.count ?? vars?.total;
  const one = `${key}_one`;
  return (n === 1 || n === '1') && one in dictionaries.en ? (one as MessageKey) : key;
}

export function translate(language: Language, key: MessageKey, vars?: TranslateVars): string {
  key = singularKey(key, vars);
  const text: string = dictionaries[language][key] ?? dictionaries.en[key] ?? key;
  if (!vars) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return value === 'es' ? 'es' : 'en';
  } catch {
    return 'en';
  }
}

interface I18nValue {
  language: Language;
  setLanguage: (language: Language) => void;
  t: Translate;
}

const I18nContext = createContext<I18nValue>({
  language: 'en',
  setLanguage: () => {},
  t: (key, vars) => translate('en', key, vars),
});

export function I18nProvider({ children, initialLanguage }: { children: ReactNode; initialLanguage?: Language }) {
  const [language, setLanguageState] = useState<Language>(() => initialLanguage ?? storedLanguage());

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);

  const setLanguage = useCallback((next: Language) => {
    setLanguageState(next);
    try {
      localStorage.setItem(LANGUAGE_STORAGE_KEY, next);
    } catch {
      // A browser without storage still switches for this visit.
    }
  }, []);

  const value = useMemo<I18nValue>(
    () => ({ language, setLanguage, t: (key, vars) => translate(language, key, vars) }),
    [language, setLanguage],
  );
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

export function useI18n(): I18nValue {
  return useContext(I18nContext);
}
