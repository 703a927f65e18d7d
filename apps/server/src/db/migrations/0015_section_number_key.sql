-- One key for a section's identity (issue 31; platform/retrieval/section-number.ts sectionNumberKey):
-- lower case, no "§", dashes as "-", no spaces, no subsection "(c)", no leading "Sec."/"Section",
-- no trailing punctuation. Keys stored before kept the number's case and its "Sec." prefix.
UPDATE "code_sections" SET "number_key" = regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(replace(lower("number"), '§', ''), '[–—]', '-', 'g'), '\s+', '', 'g'), '\([^)]*\)', '', 'g'), '^(section|sect\.?|sec\.?)', ''), '[.,;:]+$', '');
