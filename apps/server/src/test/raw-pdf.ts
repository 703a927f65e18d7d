/** PDFs written by hand, for what PDF libraries will not write (or not quickly). */

/** Serializes numbered objects (object 1 is the catalog) with a cross-reference table. */
function pdfOf(objects: string[]): Buffer {
  const parts: string[] = ['%PDF-1.4\n'];
  let length = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(length);
    const part = `${i + 1} 0 obj\n${body}\nendobj\n`;
    parts.push(part);
    length += part.length;
  });
  parts.push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  parts.push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/**
 * A text-only PDF of about `megabytes` MB: page after page of plain Helvetica lines (uncompressed
 * content streams, as a naive generator or a scanner's text export writes them).
 */
export function largeTextPdf(megabytes: number): Buffer {
  const lines = Array.from({ length: 60 }, (_, i) => `Line ${i}: the council finds that the budget appropriation for item ${i} is reasonable and lawful.`);
  const content = `BT /F1 10 Tf 12 TL 40 760 Td ${lines.map((l) => `(${l}) '`).join(' ')} ET`;
  const pageBytes = content.length + 250;
  const pages = Math.floor((megabytes * 1024 * 1024) / pageBytes);
  const objects = ['<< /Type /Catalog /Pages 2 0 R >>', '', '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'];
  const kids: string[] = [];
  for (let p = 0; p < pages; p++) {
    const pageId = objects.length + 1;
    kids.push(`${pageId} 0 R`);
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageId + 1} 0 R >>`);
    objects.push(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
  }
  objects[1] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`;
  return pdfOf(objects);
}

/**
 * A one-page PDF whose font's ToUnicode map turns the byte "A" into U+0000, so a text extractor
 * reads a NUL from a real file. The spaces of `words` are drawn as that byte.
 */
export function pdfWithNulInText(words: string): Buffer {
  const cmap =
    '/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /NulMap def ' +
    '1 begincodespacerange <00> <FF> endcodespacerange 1 beginbfchar <41> <0000> endbfchar ' +
    'endcmap CMapName currentdict /CMap defineresource pop end end';
  const content = `BT /F1 12 Tf 50 700 Td (${words.replace(/ /g, 'A')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>',
    `<< /Length ${cmap.length} >>\nstream\n${cmap}\nendstream`,
  ];
  return pdfOf(objects);
}
