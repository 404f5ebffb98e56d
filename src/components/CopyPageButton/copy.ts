/**
 * The work behind the Copy page button, loaded only when a reader first points at, focuses or
 * clicks the button.
 */

/**
 * Copies the text at `url` (a page's Markdown twin, same origin) to the clipboard.
 * Where the browser accepts a pending clipboard item, the write starts at once and the text
 * follows when it arrives, which keeps the click's permission in Safari.
 * @throws when the fetch fails or answers with an error status, or the clipboard refuses the write.
 */
export async function copyTextAt(url: string): Promise<void> {
  const text = fetch(url).then(async (response) => {
    if (!response.ok) throw new Error(`${url}: HTTP ${String(response.status)}`);
    return response.text();
  });
  if (typeof ClipboardItem !== 'undefined' && typeof navigator.clipboard.write === 'function') {
    const blob = text.then((value) => new Blob([value], { type: 'text/plain' }));
    await navigator.clipboard.write([new ClipboardItem({ 'text/plain': blob })]);
    return;
  }
  await navigator.clipboard.writeText(await text);
}
