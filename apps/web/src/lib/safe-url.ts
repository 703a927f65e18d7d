import { isHttpUrl } from '@civicdesk/contract';

/** The address when it may go in an href (an absolute http(s) URL, the contract's rule), else null. */
export function safeHttpUrl(url: string | null | undefined): string | null {
  return isHttpUrl(url) ? url : null;
}
