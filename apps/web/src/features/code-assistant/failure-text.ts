import { CHECK_INTERNET_CONNECTION } from '../../api/client';
import { SPEC_MESSAGES } from '../../lib/messages';
import type { Translate } from '../../lib/i18n';

/**
 * The §8 failure texts are English in the result (the spec fixes them verbatim); shown in the
 * user's language when they are one of ours. A server's own message is shown as it came.
 */
export function failureText(message: string, t: Translate): string {
  if (message === SPEC_MESSAGES.unknownGenerationError) return t('unknownGenerationError');
  if (message === SPEC_MESSAGES.noDataReceived) return t('noDataReceived');
  if (message === CHECK_INTERNET_CONNECTION) return t('offline');
  return message;
}
