// Small PDFs written by hand for tests (not used by the server).

/**
 * A valid PDF with one page per text (Helvetica, one line each). With `userPassword`, the file
 * carries a standard security handler that needs a password to open; its content is left
 * unencrypted, as readers stop at the password check before they read any.
 */
export function buildTestPdf(pageTexts: readonly string[], options: { userPassword?: boolean } = {}): Buffer {
  const objects: string[] = [];
  const pageIds = pageTexts.map((_, index) => 4 + index * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageTexts.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  pageTexts.forEach((text, index) => {
    const content = `BT /F1 12 Tf 72 720 Td (${text.replace(/[\\()]/g, (char) => `\\${char}`)}) Tj ET`;
    objects[4 + index * 2] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + index * 2} 0 R >>`;
    objects[5 + index * 2] = `<< /Length ${content.length} >>\nstream\n${content}\nendstream`;
  });
  let encrypt = '';
  if (options.userPassword) {
    const encryptId = objects.length;
    // RC4 40-bit (revision 2) entries whose /U does not match the empty password: opening needs a password.
    objects[encryptId] = `<< /Filter /Standard /V 1 /R 2 /O <${'11'.repeat(32)}> /U <${'22'.repeat(32)}> /P -4 >>`;
    encrypt = ` /Encrypt ${encryptId} 0 R /ID [<${'33'.repeat(16)}> <${'33'.repeat(16)}>]`;
  }
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id += 1) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xrefOffset = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id += 1) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R${encrypt} >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
