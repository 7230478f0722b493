/**
 * Hands CSV text the API answered to the browser as a download named `fileName`: an object URL clicked
 * through a link (a plain link to the API could not send the session's token).
 */
export function saveCsv(text: string, fileName: string): void {
  // fetch's text() drops the byte order mark; put it back so spreadsheets read the names as UTF-8.
  const withBom = `\uFEFF${text.replace(/^\uFEFF/, '')}`;
  const url = URL.createObjectURL(new Blob([withBom], { type: 'text/csv;charset=utf-8' }));
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = fileName;
    link.rel = 'noopener';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // Revoked after the click has started the download.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
