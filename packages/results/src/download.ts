/**
 * Spec §7 downloads: a plain GET of the full-size image fetched as a binary and saved under
 * `fileName`. A failed download is only logged (spec §8), so the promise never rejects;
 * it resolves to whether the file was handed to the browser.
 */
export async function downloadImage(url: string, fileName: string): Promise<boolean> {
  try {
    const response = await fetch(url, { credentials: 'include' });
    if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
    // a file named .png is a PNG, whatever the URL served (a mock result not saved yet is the model photo)
    const blob = fileName.endsWith('.png') ? await asPng(await response.blob()) : await response.blob();
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

/** The image as PNG: as it is when it is one, else decoded and encoded again. */
async function asPng(blob: Blob): Promise<Blob> {
  if (!blob.type.startsWith('image/') || blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) => canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('Failed to convert canvas to blob'))), 'image/png'));
}

/** A name as a download name part: nothing a file system or a shell minds. */
const safe = (name: string) => name.replace(/[^\p{L}\p{N}._-]+/gu, '-').replace(/^[-.]+|[-.]+$/g, '');

/**
 * What the viewer's Download saves a result as (issue 32): named after its product (its name in the
 * library, as it is: "Shirt v2.1" has no extension), its model photo (the file's name without its
 * extension) and its date, e.g. `Linen-shirt_anna-front_2026-11-26.png`; vton-result-{n}.png when it
 * knows neither.
 */
export function resultDownloadName({ product, model, date, n }: { product?: string | null; model?: string | null; date?: string; n: number }): string {
  const parts = [product && safe(product), model && safe(model.replace(/\.[a-z0-9]{1,5}$/i, ''))].flatMap((part) => (part ? [part] : []));
  if (parts.length === 0) return resultFileName(n);
  const day = date && !Number.isNaN(Date.parse(date)) ? new Date(date).toISOString().slice(0, 10) : null;
  return `${[...parts, ...(day ? [day] : [])].join('_')}.png`;
}

/** Gallery tiles save as vton-result-{n}.png; the studio's fullscreen viewer as vton-result-fullscreen.png. */
export function resultFileName(n: number | 'fullscreen'): string {
  return `vton-result-${n}.png`;
}

export const FULLSCREEN_DOWNLOAD_NAME = resultFileName('fullscreen');

export function resultLabel(n: number): string {
  return `Result #${n}`;
}
