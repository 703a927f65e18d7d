/** English texts of the drafting pages. */
export const enDrafting = {
  draftingPlaceholder: '',
};
