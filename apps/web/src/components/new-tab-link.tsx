import { forwardRef, type AnchorHTMLAttributes } from 'react';
import { useI18n } from '../lib/i18n';

/**
 * A link that opens in a new tab: without an opener (the other site cannot reach this page through
 * window.opener) and saying so to screen readers, after its own words. `href` must already be a
 * safe web address (safeHttpUrl). Forwards its ref and props, so Button's `asChild` can style it.
 */
export const NewTabLink = forwardRef<HTMLAnchorElement, AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }>(function NewTabLink(
  { children, ...props },
  ref,
) {
  const { t } = useI18n();
  return (
    <a ref={ref} {...props} target="_blank" rel="noopener noreferrer">
      {children}
      <span className="sr-only"> {t('opensInNewTab')}</span>
    </a>
  );
});
