import { Globe } from 'lucide-react';
import { Button } from '../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from '../components/ui/dropdown-menu';
import { LANGUAGES, useI18n, type Language } from '../lib/i18n';
import { track } from '../lib/analytics';

/** The translation slot's built-in choice of UI languages (decisions.md). */
export function LanguageMenu() {
  const { t, language, setLanguage } = useI18n();
  const current = LANGUAGES.find((entry) => entry.code === language) ?? LANGUAGES[0];
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={`${t('language')}: ${current.label}`}>
          <Globe aria-hidden="true" />
          <span>{current.label}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuRadioGroup
          value={language}
          onValueChange={(value) => {
            setLanguage(value as Language);
            track('language_changed', { language: value });
          }}
        >
          {LANGUAGES.map((entry) => (
            <DropdownMenuRadioItem key={entry.code} value={entry.code} lang={entry.code}>
              {entry.label}
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
