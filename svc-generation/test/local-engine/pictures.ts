import sharp from 'sharp';

/**
 * Pictures for the built-in engine's tests and benchmark, drawn with sharp (SVG), and the
 * measures issue 29 judges it by. A "person" wears a dark old shirt with a high-contrast
 * slogan-like print, under light falling from the left, on a grainy background; garments lie on a
 * plain (or near-uniform, or transparent) background. Exported as `svc-generation/local-engine-pictures`:
 * the e2e suite judges the engine on real photos by these same measures.
 */

export const SIDE = 960;
export type Rgb = [number, number, number];

const hex = ([r, g, b]: Rgb) => `#${[r, g, b].map((v) => v.toString(16).padStart(2, '0')).join('')}`;

/** Deterministic grain (a linear congruential generator), ±amplitude per channel. */
function grain(raw: Buffer, channels: number, amplitude: number, seed = 7): void {
  let s = seed;
  for (let i = 0; i < raw.length; i++) {
    if (channels === 4 && i % 4 === 3) continue;
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = Math.max(0, Math.min(255, raw[i] + (((s >> 16) % (2 * amplitude + 1)) - amplitude)));
  }
}

async function render(svg: string, width: number, height: number, noise: number, channels: 3 | 4 = 3): Promise<Buffer> {
  const base = sharp(Buffer.from(svg), { density: 72 }).resize(width, height, { fit: 'fill' });
  const { data } = await (channels === 3 ? base.flatten({ background: '#ffffff' }).removeAlpha() : base.ensureAlpha()).raw().toBuffer({ resolveWithObject: true });
  if (noise) grain(data, channels, noise);
  return sharp(data, { raw: { width, height, channels } }).png().toBuffer();
}

/** Block letters and stripes: a slogan's worth of high-contrast print in `ink` on the shirt. */
function slogan(x: number, y: number, w: number, h: number, ink: string): string {
  const letter = w / 5;
  const bars: string[] = [];
  for (let i = 0; i < 4; i++) {
    const lx = x + i * letter * 1.2;
    // V, A, N, S as blocks: enough edges at every scale for the print to "show through".
    bars.push(`<rect x="${lx}" y="${y}" width="${letter * 0.25}" height="${h * 0.45}" fill="${ink}"/>`);
    bars.push(`<rect x="${lx + letter * 0.7}" y="${y}" width="${letter * 0.25}" height="${h * 0.45}" fill="${ink}"/>`);
    bars.push(`<rect x="${lx}" y="${y + (i % 2 ? 0 : h * 0.35)}" width="${letter}" height="${h * 0.1}" fill="${ink}"/>`);
  }
  for (let k = 0; k < 5; k++) bars.push(`<rect x="${x - w * 0.1}" y="${y + h * 0.55 + k * h * 0.09}" width="${w * 1.2}" height="${h * 0.04}" fill="${ink}"/>`);
  bars.push(`<circle cx="${x + w * 0.5}" cy="${y - h * 0.35}" r="${h * 0.18}" fill="none" stroke="${ink}" stroke-width="${h * 0.05}"/>`);
  return bars.join('');
}

const SHIRT = 'M300 250 Q300 200 400 195 L560 195 Q660 200 660 250 L700 560 L640 560 L620 330 L615 600 L345 600 L340 330 L320 560 L260 560 Z';
const TROUSERS = 'M345 600 L615 600 L630 930 L505 930 L482 690 L458 930 L330 930 Z';
/** A path filled and drawn with a wide pen: the studio's suggestions reach a little past the clothes. */
const covering = (path: string) => `<path d="${path}" fill="#fff" stroke="#fff" stroke-width="14" stroke-linejoin="round"/>`;

export interface PersonOptions {
  /** The old shirt's colour (black, navy). */
  shirt: Rgb;
  /** The old trousers' colour. */
  trousers?: Rgb;
  /** The print on the shirt. */
  ink?: Rgb;
}

/**
 * A person, front view, on a 960 square: head, neck, arms, an old shirt with a print, trousers
 * with two legs apart, lit from the left (a horizontal gradient over everything).
 */
export async function person({ shirt, trousers = [40, 50, 90], ink = [245, 245, 240] }: PersonOptions): Promise<Buffer> {
  const skin = '#c8a082';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <defs><linearGradient id="light" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0.18"/><stop offset="1" stop-color="#000" stop-opacity="0.35"/></linearGradient></defs>
    <rect width="${SIDE}" height="${SIDE}" fill="#b9c2b0"/>
    <circle cx="480" cy="110" r="62" fill="${skin}"/>
    <rect x="455" y="160" width="50" height="50" fill="${skin}"/>
    <path d="${SHIRT}" fill="${hex(shirt)}"/>
    <rect x="262" y="560" width="56" height="90" fill="${skin}"/><rect x="642" y="560" width="56" height="90" fill="${skin}"/>
    ${slogan(380, 345, 200, 210, hex(ink))}
    <path d="${TROUSERS}" fill="${hex(trousers)}"/>
    <rect width="${SIDE}" height="${SIDE}" fill="url(#light)"/>
  </svg>`;
  return render(svg, SIDE, SIDE, 6);
}

/** Masks on the person above (white = garment), as the studio's suggestions would paint them. */
export const MASKS = {
  /** The shirt: neckline and shoulders down to the hem, with the upper arms. */
  upper_body: covering(SHIRT),
  /** The trousers: waist to ankles, two lobes below the crotch. */
  lower_body: covering(TROUSERS),
  /** A dress: shoulders down to the knees. */
  full_body: covering('M300 250 Q300 200 400 195 L560 195 Q660 200 660 250 L650 600 L660 800 L300 800 L310 600 Z'),
} as const;

export async function mask(shape: string): Promise<Buffer> {
  return render(`<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="${SIDE}" height="${SIDE}" fill="#000"/>${shape}</svg>`, SIDE, SIDE, 0);
}

export type Background = 'plain' | 'near-uniform' | 'transparent';

export interface GarmentOptions {
  colour: Rgb;
  background?: Background;
  /** Vertical stripes of this colour (a tear shows as a break in them). */
  stripes?: Rgb;
  /** A disc on the chest (its shape shows how much the garment is stretched); its radius. */
  logo?: Rgb;
  logoRadius?: number;
  /** The right half in another colour (trousers: which leg went where). */
  right?: Rgb;
  /** Bands along the garment's top, bottom and sides (where its edges went). */
  bands?: { top?: Rgb; bottom?: Rgb; sides?: Rgb };
}

const GARMENT_SHAPES = {
  /** A T-shirt laid flat: sleeves out, neckline cut. */
  upper_body: `M300 150 L400 120 Q480 170 560 120 L660 150 L800 300 L720 370 L660 320 L660 840 L300 840 L300 320 L240 370 L160 300 Z`,
  /** Trousers: waistband, two legs. */
  lower_body: `M320 80 L640 80 L700 900 L530 900 L480 380 L430 900 L260 900 Z`,
  /** A dress: narrow straps to a flared hem. */
  full_body: `M380 80 L420 80 L440 200 L520 200 L540 80 L580 80 L600 300 L560 460 L720 900 L240 900 L400 460 L360 300 Z`,
  /** A plain rectangle of fabric, 360 × 700 (a scarf, a tube top): proportions are easy to see. */
  panel: `M300 130 L660 130 L660 830 L300 830 Z`,
} as const;
export type GarmentShape = keyof typeof GARMENT_SHAPES;

/** A garment's crop (960 square PNG): `shape` in `colour`, with a fabric grain and soft folds. */
export async function garment(shape: GarmentShape, { colour, background = 'plain', stripes, logo, logoRadius = 70, right, bands }: GarmentOptions): Promise<Buffer> {
  const ground = background === 'transparent' ? '' : background === 'near-uniform' ? `<rect width="${SIDE}" height="${SIDE}" fill="url(#ground)"/><ellipse cx="490" cy="880" rx="300" ry="40" fill="#000" fill-opacity="0.06"/>` : `<rect width="${SIDE}" height="${SIDE}" fill="#f7f7f7"/>`;
  const stripeRects = stripes ? Array.from({ length: 24 }, (_, i) => `<rect x="${160 + i * 28}" y="0" width="10" height="${SIDE}" fill="${hex(stripes)}"/>`).join('') : '';
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <defs>
      <linearGradient id="ground" x1="0" x2="0.3" y1="0" y2="1"><stop offset="0" stop-color="#f5f5f3"/><stop offset="1" stop-color="#e2e2de"/></linearGradient>
      <linearGradient id="fold" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#000" stop-opacity="0.1"/><stop offset="0.5" stop-color="#fff" stop-opacity="0.06"/><stop offset="1" stop-color="#000" stop-opacity="0.1"/></linearGradient>
      <clipPath id="shape"><path d="${GARMENT_SHAPES[shape]}"/></clipPath>
    </defs>
    ${ground}
    <g clip-path="url(#shape)">
      <rect width="${SIDE}" height="${SIDE}" fill="${hex(colour)}"/>${stripeRects}
      ${right ? `<rect x="480" width="480" height="${SIDE}" fill="${hex(right)}"/>` : ''}
      ${logo ? `<circle cx="480" cy="400" r="${logoRadius}" fill="${hex(logo)}"/>` : ''}
      ${bands?.top ? `<rect width="${SIDE}" height="190" fill="${hex(bands.top)}"/>` : ''}
      ${bands?.bottom ? `<rect y="770" width="${SIDE}" height="190" fill="${hex(bands.bottom)}"/>` : ''}
      ${bands?.sides ? `<rect width="330" height="${SIDE}" fill="${hex(bands.sides)}"/><rect x="630" width="330" height="${SIDE}" fill="${hex(bands.sides)}"/>` : ''}
      <rect width="${SIDE}" height="${SIDE}" fill="url(#fold)"/>
    </g>
  </svg>`;
  if (background !== 'transparent') return render(svg, SIDE, SIDE, 3);
  // Under the transparent pixels, colour that must never show (a cut-out that ignored alpha would).
  const { data } = await sharp(await render(svg, SIDE, SIDE, 3, 4)).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  for (let i = 0; i < data.length; i += 4) if (data[i + 3] === 0) [data[i], data[i + 1], data[i + 2]] = [0, 255, 0];
  return sharp(data, { raw: { width: SIDE, height: SIDE, channels: 4 } }).png().toBuffer();
}

/** A product (a bottle) on a plain background: its body in `colour`, a cap, a label. */
export async function product(colour: Rgb): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}">
    <rect width="${SIDE}" height="${SIDE}" fill="#fafafa"/>
    <rect x="430" y="120" width="100" height="80" rx="10" fill="#333"/>
    <path d="M420 200 L540 200 L600 320 L600 860 Q600 880 580 880 L380 880 Q360 880 360 860 L360 320 Z" fill="${hex(colour)}"/>
    <rect x="360" y="480" width="240" height="180" fill="#f0e6c8"/>
  </svg>`;
  return render(svg, SIDE, SIDE, 2);
}

/** A photo with a plain floor and wall (products stand in it): wall above, floor below y = 700. */
export async function room(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${SIDE}" height="${SIDE}"><rect width="${SIDE}" height="700" fill="#d8d0c4"/><rect y="700" width="${SIDE}" height="260" fill="#a08c74"/></svg>`;
  return render(svg, SIDE, SIDE, 4);
}

// ---------------------------------------------------------------------------------------------
// Measures

export interface Raster {
  data: Buffer;
  width: number;
  height: number;
  channels: number;
}

export async function raster(png: Buffer, channels: 1 | 3 = 3): Promise<Raster> {
  const image = channels === 1 ? sharp(png).flatten({ background: '#000' }).greyscale().extractChannel(0) : sharp(png).flatten({ background: '#fff' }).removeAlpha();
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, channels: info.channels };
}

/** The mask's core: inside it by at least `margin` px in every direction (a square erosion). */
export function core(mask: Raster, margin: number): Uint8Array {
  const { width, height, data } = mask;
  const inside = new Uint8Array(width * height);
  for (let p = 0; p < inside.length; p++) inside[p] = data[p] >= 128 ? 1 : 0;
  const erode = (src: Uint8Array, horizontal: boolean) => {
    const out = new Uint8Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let all = 1;
        for (let k = -margin; k <= margin && all; k++) {
          const xx = horizontal ? x + k : x;
          const yy = horizontal ? y : y + k;
          all = xx >= 0 && yy >= 0 && xx < width && yy < height ? src[yy * width + xx] : 0;
        }
        out[y * width + x] = all;
      }
    return out;
  };
  return erode(erode(inside, true), false);
}

function luminance(image: Raster): Float32Array {
  const out = new Float32Array(image.width * image.height);
  for (let p = 0; p < out.length; p++) {
    const i = p * image.channels;
    out[p] = 0.2126 * image.data[i] + 0.7152 * image.data[i + 1] + 0.0722 * image.data[i + 2];
  }
  return out;
}

function gaussianBlur(values: Float32Array, width: number, height: number, sigma: number): Float32Array {
  const radius = Math.ceil(sigma * 3);
  const kernel = Array.from({ length: 2 * radius + 1 }, (_, i) => Math.exp(-((i - radius) ** 2) / (2 * sigma * sigma)));
  const pass = (src: Float32Array, dx: number, dy: number) => {
    const out = new Float32Array(src.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++) {
        let sum = 0;
        let weight = 0;
        for (let k = -radius; k <= radius; k++) {
          const xx = x + k * dx;
          const yy = y + k * dy;
          if (xx < 0 || yy < 0 || xx >= width || yy >= height) continue;
          sum += kernel[k + radius] * src[yy * width + xx];
          weight += kernel[k + radius];
        }
        out[y * width + x] = sum / weight;
      }
    return out;
  };
  return pass(pass(values, 1, 0), 0, 1);
}

/** Fine detail: the luminance minus its 4 px Gaussian blur. */
export function fineDetail(image: Raster): Float32Array {
  const l = luminance(image);
  const blurred = gaussianBlur(l, image.width, image.height, 4);
  return l.map((v, i) => v - blurred[i]);
}

/** Pearson correlation of a and b over the pixels where `where` is set. */
export function correlation(a: Float32Array, b: Float32Array, where: Uint8Array): number {
  let n = 0;
  let sa = 0;
  let sb = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    n++;
    sa += a[p];
    sb += b[p];
  }
  const ma = sa / n;
  const mb = sb / n;
  let cov = 0;
  let va = 0;
  let vb = 0;
  for (let p = 0; p < where.length; p++) {
    if (!where[p]) continue;
    cov += (a[p] - ma) * (b[p] - mb);
    va += (a[p] - ma) ** 2;
    vb += (b[p] - mb) ** 2;
  }
  return va && vb ? cov / Math.sqrt(va * vb) : 0;
}

/** The per-channel median colour over the pixels where `where` is set. */
export function medianColour(image: Raster, where: Uint8Array | ((p: number) => boolean)): Rgb {
  const has = typeof where === 'function' ? where : (p: number) => where[p] === 1;
  const channels: number[][] = [[], [], []];
  for (let p = 0; p < image.width * image.height; p++) if (has(p)) for (let c = 0; c < 3; c++) channels[c].push(image.data[p * image.channels + c]);
  return channels.map((values) => values.sort((a, b) => a - b)[values.length >> 1]) as Rgb;
}

function lab([r, g, b]: Rgb): [number, number, number] {
  const linear = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const [R, G, B] = [linear(r), linear(g), linear(b)];
  const x = (0.4124 * R + 0.3576 * G + 0.1805 * B) / 0.95047;
  const y = 0.2126 * R + 0.7152 * G + 0.0722 * B;
  const z = (0.0193 * R + 0.1192 * G + 0.9505 * B) / 1.08883;
  const f = (t: number) => (t > 216 / 24389 ? Math.cbrt(t) : (24389 / 27 * t + 16) / 116);
  return [116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z))];
}

/** The colour difference ΔE (CIE 1976: the distance in CIELAB). */
export function deltaE(c1: Rgb, c2: Rgb): number {
  const [L1, a1, b1] = lab(c1);
  const [L2, a2, b2] = lab(c2);
  return Math.hypot(L1 - L2, a1 - a2, b1 - b2);
}

/**
 * Tears: the largest jump between two neighbouring rows of the core (mean absolute difference of
 * their pixels where both rows are in the core), against the typical jump. A horizontal tear or
 * smear is a row unlike the rows around it.
 */
export function rowJumps(image: Raster, where: Uint8Array): { largest: number; typical: number; row: number } {
  const { width, height, channels, data } = image;
  const jumps: { value: number; row: number }[] = [];
  for (let y = 0; y + 1 < height; y++) {
    let sum = 0;
    let n = 0;
    for (let x = 0; x < width; x++) {
      const p = y * width + x;
      if (!where[p] || !where[p + width]) continue;
      for (let c = 0; c < 3; c++) sum += Math.abs(data[p * channels + c] - data[(p + width) * channels + c]);
      n += 3;
    }
    if (n >= 30) jumps.push({ value: sum / n, row: y });
  }
  const sorted = jumps.map((j) => j.value).sort((a, b) => a - b);
  const largest = jumps.reduce((best, j) => (j.value > best.value ? j : best), { value: 0, row: -1 });
  return { largest: largest.value, typical: sorted[sorted.length >> 1] ?? 0, row: largest.row };
}
