import sharp from 'sharp';
import { sniffImageFormat } from './sniff.js';

describe('sniffImageFormat', () => {
  const solid = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#c00' } });

  it('recognises real JPEG, PNG and WebP bytes', async () => {
    expect(sniffImageFormat(await solid().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageFormat(await solid().png().toBuffer())).toBe('png');
    expect(sniffImageFormat(await solid().webp().toBuffer())).toBe('webp');
  });

  it('refuses anything else, whatever its name would say', async () => {
    expect(sniffImageFormat(Buffer.from('not really a png, just text'))).toBeNull();
    expect(sniffImageFormat(Buffer.alloc(0))).toBeNull();
    expect(sniffImageFormat(Buffer.from('GIF89a....'))).toBeNull();
    expect(sniffImageFormat(Buffer.from('RIFF\0\0\0\0WAVEfmt '))).toBeNull();
    expect(sniffImageFormat(await solid().gif().toBuffer())).toBeNull();
    expect(sniffImageFormat(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });
});
