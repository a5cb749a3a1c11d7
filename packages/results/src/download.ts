/**
 * Spec §7 downloads: a plain GET of the full-size image fetched as a binary and saved under
 * `fileName`. A failed download is only logged (spec §8), so the promise never rejects;
 * it resolves to whether the file was handed to the browser.
 */
export async function downloadImage(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = fileName;
    link.rel = 'noopener';
    link.style.display = 'none';
    document.body.appendChild(link);
    link.click();
    link.remove();
    // Give the browser a moment to start the save before the blob URL goes away.
    setTimeout(() => URL.revokeObjectURL(objectUrl), 1000);
    return true;
  } catch (error) {
    console.error('Download failed', error);
    return false;
  }
}

/** Gallery tiles save as vton-result-{n}.png; the studio's fullscreen viewer as vton-result-fullscreen.png. */
export function resultFileName(n: number | 'fullscreen'): string {
  return `vton-result-${n}.png`;
}

export const FULLSCREEN_DOWNLOAD_NAME = resultFileName('fullscreen');

export function resultLabel(n: number): string {
  return `Result #${n}`;
}
