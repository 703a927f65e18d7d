/**
 * Sentences the server writes in English (for API clients) that the screens show: the web-search
 * notes, the engine's fallback reasons and the Code Compliance findings. server-text.ts recognises
 * each by its shape; English screens show the server's sentence itself, these are what other
 * languages translate. The {placeholders} are the parts the server fills in.
 */
export const enServer = {
  // Knowledge Assistant and drafting notes.
  serverWebSearchNotConfigured: 'Web search is not configured for this deployment; the answer uses the municipal code only.',
  serverWebSearchNotSetUp: 'Web search is not set up for this site. An administrator can set it up.',
  serverWebSearchFailed: 'Web search failed: {detail}',
  serverWebSearchNotForDrafting: "Web search is not used for drafting: a draft rests on the city's code and legislation.",
  serverNoTextLayer: '{file} has no text layer (a scanned document?); it was not read.',
  serverAmendmentLeftForDrafter: 'No section found holds "{words}": the amendment is left for the drafter.',
  serverProvisionPlaced: 'No section holds the words to change; the new provision is placed in {section} ({title}), the closest section found. Confirm where it belongs.',
  serverNoSectionForRequest: 'No section of the code speaks to this request: the provisions are left for the drafter.',
  serverModelCouldNotAnswer: 'The model could not answer ({detail}); the offline engine answered.',
  serverModelCouldNotDraft: 'The model could not draft ({detail}); the built-in drafter wrote this draft.',
  serverModelCouldNotEdit: 'The model could not edit ({detail}); the built-in engine answered.',
  serverModelUnsupported: "The model's answer was not supported by the provision it quoted; the offline engine answered.",
  serverCitationsUnverified: "The model's citations could not be verified against the sources ({count} dropped); the offline engine answered.",

  // Code Compliance findings: what is wrong, and what to do.
  serverCodeMalformedNumber: 'The section number “{number}” is not of the code\'s form (“§ title-section”).',
  serverCodeMalformedNumberFix: 'Correct the section number in the codification.',
  serverCodeEmptyText: '{section} ({title}) is in force but has no text.',
  serverCodeEmptyTextFix: "Restore the section's text, or mark it repealed or reserved.",
  serverCodeRefRepealed: '{section} refers to {target}, which is no longer in force.',
  serverCodeRefRepealedFix: 'Update the reference to the provision now in force, or remove it.',
  serverCodeRefOldNumbering: "{section} reproduces a text of {year}, which cites § {cited}: that may be the code's numbering of {year}, not a section of {code} as numbered today.",
  serverCodeRefOldNumberingFix: 'Look § {cited} up in the code as numbered in {year}; if it is an old number, add the current one in brackets.',
  serverCodeRefOldNumberingFixDistrict: "Look § {cited} up in the code as numbered in {year} (the District's code was renumbered in 2001); if it is an old number, add the current one in brackets.",
  serverCodeRefUnknown: '{section} refers to § {cited}, which is not a section of {code}.',
  serverCodeRefUnknownFix: 'Check the reference: the section may have been renumbered or never codified.',
  serverCodeModelEdition: '{section} cites the {year} edition of the {model}, but the location adopted the {edition} edition of the {id}.',
  serverCodeModelEditionFix: 'Refer to the adopted edition ({id} {edition}) or to the code "as adopted by the District".',
  serverCodeDuplicate: 'Another section also has the number {section}: a citation of it is ambiguous.',
  serverCodeDuplicateFix: 'Renumber one of the sections, or mark the older one as superseded.',
} as const;
