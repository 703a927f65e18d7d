import type { enDrafting } from './en-drafting';

/** Spanish texts of the drafting pages. */
export const esDrafting: Record<keyof typeof enDrafting, string> = {
  draftingPlaceholder: '',
};
