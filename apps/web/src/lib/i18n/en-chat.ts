/** English texts of the chat pages. */
export const enChat = {
  chatPlaceholder: '',
};
