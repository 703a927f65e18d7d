import type { enChat } from './en-chat';

/** Spanish texts of the chat pages. */
export const esChat: Record<keyof typeof enChat, string> = {
  chatPlaceholder: '',
};
