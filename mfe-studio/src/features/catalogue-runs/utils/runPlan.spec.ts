import type { ModelMasks } from '@vton/contracts';
import { planRun, resultFileName } from './runPlan';

const mask = { croppedImageUrl: '/c', processedMaskUrl: '/m', bounds: { x: 0, y: 0, width: 10, height: 10 }, approvedAt: '' };
const model = (status: 'ready' | 'uploaded', masks: ModelMasks) => ({ status, masks });

describe('planRun', () => {
  it('counts every pair as a cell, and those whose model photo has the product category’s mask as runs (one credit each)', () => {
    const products = [{ category: 'upper_body' as const }, { category: 'lower_body' as const }];
    const models = [model('ready', { upper_body: mask, lower_body: mask }), model('ready', { upper_body: mask }), model('uploaded', {})];
    expect(planRun(products, models)).toEqual({ cells: 6, runs: 3, skipped: 3 });
    expect(planRun([], models)).toEqual({ cells: 0, runs: 0, skipped: 0 });
  });
});

describe('resultFileName', () => {
  it('names a result after its product and model photo, safely', () => {
    expect(resultFileName('Red shirt', 'anna.jpg')).toBe('Red shirt__anna.png');
    expect(resultFileName('a/b:c', 'x.y.png')).toBe('a-b-c__x.y.png');
  });
});
