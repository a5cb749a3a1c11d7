import { resultDownloadName } from './download.js';

describe('resultDownloadName (issue 32: the viewer saves a result after its product, model and date)', () => {
  it('names the product, the model photo without its extension, and the day', () => {
    expect(resultDownloadName({ product: 'Linen shirt', model: 'anna-front.png', date: '2026-11-26T14:03:00.000Z', n: 7 })).toBe('Linen-shirt_anna-front_2026-11-26.png');
    // a product's name is no file name: what follows its last dot stays
    expect(resultDownloadName({ product: 'Shirt v2.1', model: 'anna.front.jpeg', n: 7 })).toBe('Shirt-v2.1_anna.front.png');
  });

  it('keeps what it knows, and falls back to vton-result-{n}.png when it knows neither photo', () => {
    expect(resultDownloadName({ model: 'ben.webp', date: '2026-01-02T00:00:00.000Z', n: 3 })).toBe('ben_2026-01-02.png');
    expect(resultDownloadName({ product: 'shirt', model: 'ben.jpg', n: 3 })).toBe('shirt_ben.png');
    expect(resultDownloadName({ product: null, model: undefined, date: '2026-01-02T00:00:00.000Z', n: 3 })).toBe('vton-result-3.png');
  });

  it('leaves out what a file system or a shell minds', () => {
    expect(resultDownloadName({ product: '../../etc/passwd', model: 'a:b*c?.png', date: 'not a date', n: 1 })).toBe('etc-passwd_a-b-c.png');
  });
});
