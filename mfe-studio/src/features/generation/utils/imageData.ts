import { blobToDataUrl, canvasToBlob, loadImage } from '../../../lib/image';

/** The image at `url` as a PNG data URL at its full size (mock results are saved this way). */
export async function imageUrlToPngDataUrl(url: string): Promise<string> {
  if (url.startsWith('data:image/png')) return url;
  const response = await fetch(url, { credentials: 'include' });
  if (!response.ok) throw new Error(`${response.status}: ${response.statusText}`);
  const blob = await response.blob();
  if (blob.type === 'image/png') return blobToDataUrl(blob);
  const objectUrl = URL.createObjectURL(blob);
  try {
    const image = await loadImage(objectUrl);
    const canvas = document.createElement('canvas');
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext('2d')!.drawImage(image, 0, 0);
    return blobToDataUrl(await canvasToBlob(canvas));
  } finally {
    URL.revokeObjectURL(objectUrl);
  }
}

/** A 960×960 placeholder when Mock runs without model photos (spec §7). */
export function placeholderImage(index: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = 960;
  canvas.height = 960;
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  const hue = (260 + index * 37) % 360;
  const gradient = ctx.createLinearGradient(0, 0, 960, 960);
  gradient.addColorStop(0, `hsl(${hue}, 70%, 55%)`);
  gradient.addColorStop(1, `hsl(${(hue + 60) % 360}, 70%, 35%)`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, 960, 960);
  ctx.fillStyle = 'rgba(255,255,255,0.85)';
  ctx.font = 'bold 64px sans-serif';
  ctx.textAlign = 'center';
  ctx.fillText(`Mock #${index + 1}`, 480, 500);
  return canvas.toDataURL('image/png');
}
