import { useMemo } from 'react';
import { toast } from '../components/ui/use-toast';
import { useI18n, type MessageKey } from './i18n';

/** Notices of spec §8: failures carry the title 'Error' and the message as description. */
export function useNotify() {
  const { t } = useI18n();
  return useMemo(
    () => ({
      error: (message: MessageKey | { text: string }) =>
        toast({
          variant: 'destructive',
          title: t('errorTitle'),
          description: typeof message === 'string' ? t(message) : message.text,
        }),
      success: (title: MessageKey, description?: MessageKey) =>
        toast({ variant: 'success', title: t(title), description: description ? t(description) : undefined }),
      info: (title: MessageKey, description?: MessageKey) =>
        toast({ title: t(title), description: description ? t(description) : undefined }),
    }),
    [t],
  );
}
