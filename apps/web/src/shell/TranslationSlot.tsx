import { useEffect } from 'react';
import { usePublicConfig } from '../api/reference';
import { LanguageMenu } from './LanguageMenu';

const WIDGET_SCRIPT_ID = 'translation-widget-script';

/**
 * The top bar's translation slot (decisions.md): the built-in UI languages, unless the deployment
 * configures a third-party page-translation widget, whose script then renders into this slot.
 */
export function TranslationSlot() {
  const config = usePublicConfig();
  const widgetUrl = config.data?.translation_widget_url ?? null;

  useEffect(() => {
    if (!widgetUrl || document.getElementById(WIDGET_SCRIPT_ID)) return;
    const script = document.createElement('script');
    script.id = WIDGET_SCRIPT_ID;
    script.src = widgetUrl;
    script.async = true;
    document.body.appendChild(script);
  }, [widgetUrl]);

  if (widgetUrl) return <div id="translation-widget" className="flex items-center" />;
  return <LanguageMenu />;
}
