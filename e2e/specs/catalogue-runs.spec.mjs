import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { setPlan } from '../support/seed.mjs';
import { pauseApp } from '../support/stack-apps.mjs';
import { addNewProduct, cropGarment, sidebar, signInNewSeller, uploadGarment } from '../support/studio-page.mjs';
import { writeCutOutGarment } from '../support/seller-photos.mjs';
import { readZip } from '../support/zip.mjs';

/** svc-media and svc-generation through the gateway, with the seller's token (the library and masks are set up as the API quick start does). */
function sellerApi(baseURL, token) {
  /** @param {string} method @param {string} route @param {{ json?: unknown, form?: FormData }} [body] */
  const call = async (method, route, { json, form } = {}) => {
    const response = await fetch(new URL(route, baseURL), {
      method,
      headers: { Authorization: `Bearer ${token}`, ...(json ? { 'Content-Type': 'application/json' } : {}) },
      body: json ? JSON.stringify(json) : form,
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${route} → ${response.status}: ${text}`);
    return text ? JSON.parse(text) : null;
  };
  const png = (width, height, background) => sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
  return {
    call,
    /** A cropped product of the library. */
    async product(filename, category, colour) {
      const form = new FormData();
      form.set('category', category);
      form.set('file', new Blob([new Uint8Array(await png(600, 600, colour))], { type: 'image/png' }), filename);
      const garment = await call('POST', '/api/garments', { form });
      await call('POST', `/api/garments/${garment.id}/crop`, { json: { x: 0, y: 0, width: 600, height: 600, naturalWidth: 600, naturalHeight: 600 } });
      return garment;
    },
    async modelPhoto(filename, colour) {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(await png(480, 640, colour))], { type: 'image/png' }), filename);
      return (await call('POST', '/api/models', { form }))[0];
    },
    /** Approves a mask for `category` over the middle of the photo. */
    async mask(model, category) {
      const patch = await png(240, 320, '#ffffff');
      const mask = await sharp({ create: { width: 480, height: 640, channels: 3, background: '#000000' } }).composite([{ input: patch, left: 120, top: 160 }]).png().toBuffer();
      const form = new FormData();
      form.set('category', category);
      form.set('mask', new Blob([new Uint8Array(mask)], { type: 'image/png' }), 'mask.png');
      return call('POST', `/api/models/${model.id}/mask`, { form });
    },
  };
}

const grid = (page) => page.getByRole('grid', { name: /Run results/ });

/** Freezes the stack's generation workers, so a run's cells stay queued until `resume` (returned). */
function pauseWorkers() {
  const workers = Object.keys(JSON.parse(process.env.E2E_APP_PIDS ?? '{}')).filter((name) => name.startsWith('svc-generation-worker'));
  if (workers.length === 0) throw new Error('No generation workers in E2E_APP_PIDS');
  const resumes = workers.map((name) => pauseApp(name));
  return () => resumes.forEach((resume) => resume());
}
const cell = (page, product, model) => grid(page).getByRole('gridcell', { name: new RegExp(`^${product} on ${model}:`) });

test.describe('catalogue runs (/app/runs)', () => {
  test('the workspace builds the library a run needs: New product adds a second product beside the first, which stays to be picked again and planned, though the planner was opened before; the category control sets the product’s own category', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vton-library-'));
    try {
      const seller = await signInNewSeller(page, 'library');
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto('/app');
      await uploadGarment(page, await writeCutOutGarment(dir, 'Linen shirt.png'));
      await cropGarment(page);
      // a look at the catalogue with one product, and back to the workspace for the next
      const tabs = page.getByRole('navigation', { name: 'Studio' });
      const planner = page.getByRole('form', { name: 'Start a catalogue run' });
      await tabs.getByRole('link', { name: 'Catalogue' }).click();
      await expect(planner.getByRole('checkbox', { name: /Linen shirt/ })).toBeVisible();
      await tabs.getByRole('link', { name: 'Workspace' }).click();

      // the seller's second product: a new one of the library, not the first one's photo replaced
      await addNewProduct(page, await writeCutOutGarment(dir, 'Denim jeans.png', { width: 900, height: 1200 }));
      await expect(sidebar(page).getByText('Denim jeans.png')).toBeVisible();
      await cropGarment(page);

      // the category control edits the product in the workspace: the library keeps it as the product's own
      const category = (name) => sidebar(page).getByRole('group', { name: 'Garment category' }).getByRole('radio', { name });
      await category('Lower body').check();
      const library = async () => (await sellerApi(baseURL, seller.token).call('GET', '/api/garments')).garments.map((g) => [g.name, g.category]);
      await expect.poll(library).toEqual([
        ['Denim jeans', 'lower_body'],
        ['Linen shirt', 'upper_body'],
      ]);

      // the first is still there, cropped, to be picked again, with its own category
      const products = sidebar(page).getByRole('list', { name: 'Your products' });
      await sidebar(page).getByRole('button', { name: 'Choose from your products' }).click();
      await expect(products.getByRole('button', { name: /^Linen shirt/ })).toContainText('Upper body');
      await products.getByRole('button', { name: /^Linen shirt/ }).click();
      await expect(sidebar(page).getByText('Linen shirt.png')).toBeVisible();
      await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Cropped & ready');
      await expect(category('Upper body')).toBeChecked();
      // and the jeans, picked again, come back as lower body
      await sidebar(page).getByRole('button', { name: 'Choose from your products' }).click();
      await expect(products.getByRole('button', { name: /^Denim jeans/ })).toContainText('Lower body');
      await products.getByRole('button', { name: /^Denim jeans/ }).click();
      await expect(category('Lower body')).toBeChecked();
      await expect.poll(library).toEqual([
        ['Denim jeans', 'lower_body'],
        ['Linen shirt', 'upper_body'],
      ]);

      // the planner reads the library again: the product added since is there, with the category the seller chose
      await tabs.getByRole('link', { name: 'Catalogue' }).click();
      await expect(planner.getByRole('checkbox', { name: /Linen shirt\s*Upper body/ })).toBeVisible();
      await expect(planner.getByRole('checkbox', { name: /Denim jeans\s*Lower body/ })).toBeVisible();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a seller starts a run from the catalogue page, watches the grid fill, retries a cell, reloads, and downloads the archive', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const seller = await signInNewSeller(page, 'catalogue');
    const api = sellerApi(baseURL, seller.token);
    await api.product('Red shirt.png', 'upper_body', '#c62828');
    await api.product('Chinos.png', 'lower_body', '#a1887f');
    const anna = await api.modelPhoto('anna.png', '#5d4037');
    const ben = await api.modelPhoto('ben.png', '#455a64');
    await api.mask(anna, 'upper_body');
    await api.mask(ben, 'upper_body');
    await api.mask(ben, 'lower_body');

    await page.goto('/app');
    const tabs = page.getByRole('navigation', { name: 'Studio' });
    await tabs.getByRole('link', { name: 'Catalogue' }).click();
    await expect(page).toHaveURL(/\/app\/runs$/);
    await expect(page.getByText('No run yet: choose products and model photos, then start a run.')).toBeVisible();
    // on the catalogue its own tab is the current one, and Workspace still leads back to /app
    await expect(tabs.getByRole('link', { name: 'Catalogue' })).toHaveAttribute('aria-current', 'page');
    await expect(tabs.getByRole('link', { name: 'Workspace' })).toHaveAttribute('href', '/app');
    await expect(page.getByRole('main')).toHaveCount(1); // the shell's: the catalogue adds no second one inside it

    const planner = page.getByRole('form', { name: 'Start a catalogue run' });
    await planner.getByRole('checkbox', { name: /Red shirt/ }).check();
    await planner.getByRole('checkbox', { name: /Chinos/ }).check();
    await planner.getByRole('checkbox', { name: /anna\.png/ }).check();
    await planner.getByRole('checkbox', { name: /ben\.png/ }).check();
    // anna has no lower body mask: that cell is skipped, and costs nothing.
    await expect(page.getByTestId('run-plan')).toContainText('4 cells · 3 credits');
    await expect(page.getByTestId('run-plan')).toContainText('1 cell will be skipped: the model photo has no mask for the product’s category.');
    await planner.getByRole('textbox', { name: 'Prompt for every product' }).fill('studio light');
    // a double click starts one run, not two
    await planner.getByRole('button', { name: 'Start run' }).dblclick();

    await expect(page).toHaveURL(/\/app\/runs\?run=[0-9a-f-]{36}$/);
    const runId = new URL(page.url()).searchParams.get('run');
    await expect(page.getByRole('navigation', { name: 'Your runs' }).getByRole('button')).toHaveCount(1);

    // The run is on the server: the seller closes the tab, opens the catalogue again (no run named), and finds it.
    const context = page.context();
    await page.close();
    page = await context.newPage();
    await page.goto('/app/runs');
    await expect(grid(page)).toBeVisible();
    await expect(page.getByTestId('run-counts')).toContainText('of 4 cells finished');
    for (const [product, model] of [['Red shirt', 'anna.png'], ['Red shirt', 'ben.png'], ['Chinos', 'anna.png'], ['Chinos', 'ben.png']]) await expect(cell(page, product, model)).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Your runs' }).getByRole('button')).toHaveAttribute('aria-current', 'true');
    // The grid fills: products as rows, model photos as columns, results as they finish.
    await expect(page.getByTestId('run-counts')).toContainText('4 of 4 cells finished', { timeout: 120_000 });
    // the double click made one run on the server, not only one in the list the page showed first
    expect((await api.call('GET', '/api/try-on/runs')).runs.map((r) => r.id)).toEqual([runId]);
    await expect(cell(page, 'Red shirt', 'anna.png')).toHaveAttribute('data-state', 'succeeded');
    await expect(cell(page, 'Red shirt', 'ben.png')).toHaveAttribute('data-state', 'succeeded');
    await expect(cell(page, 'Chinos', 'ben.png')).toHaveAttribute('data-state', 'succeeded');
    const skipped = cell(page, 'Chinos', 'anna.png');
    await expect(skipped).toHaveAttribute('data-state', 'skipped');
    await expect(skipped).toContainText('No lower body mask');
    await expect(cell(page, 'Red shirt', 'anna.png').locator('img')).toBeVisible();

    // The seller paints anna's lower body mask, then retries the cell from the keyboard.
    await api.mask(anna, 'lower_body');
    await cell(page, 'Chinos', 'ben.png').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(skipped).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(skipped).toHaveAttribute('data-state', /queued|running|succeeded/);
    await expect(skipped).toHaveAttribute('data-state', 'succeeded', { timeout: 120_000 });
    await expect(page.getByTestId('run-counts')).toContainText('4 done');
    // "Your runs" follows the grid, without a reload
    await expect(page.getByRole('navigation', { name: 'Your runs' }).getByRole('button', { name: /2 × 2 · 4\/4 done/ })).toBeVisible();

    // The viewer opens on a result, and closes with Escape.
    await cell(page, 'Chinos', 'ben.png').getByRole('button', { name: 'View result' }).click();
    const viewer = page.getByRole('dialog', { name: 'Chinos__ben.png' });
    await expect(viewer).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(viewer).toBeHidden();

    // The run is on the server: a reload shows it again.
    await page.reload();
    await expect(page.getByTestId('run-counts')).toContainText('4 of 4 cells finished');
    await expect(page.getByRole('navigation', { name: 'Your runs' }).getByRole('button', { name: /2 × 2 · 4\/4 done/ })).toBeVisible();

    // Download all: one ZIP of the four results, named by product and model, and the manifest.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download all' }).click()]);
    expect(download.suggestedFilename()).toBe(`catalogue-run-${runId.slice(0, 8)}.zip`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'catalogue-run-'));
    try {
      const file = path.join(dir, 'run.zip');
      await download.saveAs(file);
      const entries = await readZip(file);
      expect([...entries.keys()].sort()).toEqual(['Chinos__anna.png', 'Chinos__ben.png', 'Red shirt__anna.png', 'Red shirt__ben.png', 'manifest.csv']);
      for (const [name, bytes] of entries) if (name.endsWith('.png')) expect(await sharp(bytes).metadata()).toMatchObject({ format: 'png', width: 480, height: 640 });
      const manifest = entries.get('manifest.csv').toString();
      expect(manifest.split('\r\n')[0]).toBe('product,model,category,state,file,error');
      expect(manifest).toContain('Chinos,anna.png,Lower body,succeeded,Chinos__anna.png,');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('500 cells: only what is in view is in the page, the grid scrolls within itself on a phone, and the keyboard reaches the far corner', async ({ page, baseURL }) => {
    test.setTimeout(240_000);
    const seller = await signInNewSeller(page, 'catalogue500');
    // 500 cells are 500 credits: Enterprise has no limit.
    setPlan(seller.email, 'enterprise');
    const api = sellerApi(baseURL, seller.token);
    const products = [];
    for (let i = 1; i <= 25; i += 1) products.push(await api.product(`Product ${String(i).padStart(2, '0')}.png`, 'upper_body', `hsl(${i * 14}, 60%, 50%)`));
    const models = [];
    for (let i = 1; i <= 20; i += 1) models.push(await api.mask(await api.modelPhoto(`model-${String(i).padStart(2, '0')}.png`, '#607d8b'), 'upper_body'));
    // A real 25 × 20 run, cancelled at once: 500 real cells, most of them cancelled, without 500 try-ons on the suite's stack.
    const run = await api.call('POST', '/api/try-on/runs', { json: { garmentIds: products.map((p) => p.id), modelIds: models.map((m) => m.id), prompt: '' } });
    expect(run.counts.total).toBe(500);
    await api.call('POST', `/api/try-on/runs/${run.id}/cancel`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/app/runs?run=${run.id}`);
    await expect(page.getByTestId('run-counts')).toContainText('500 of 500 cells finished', { timeout: 30_000 });
    const rendered = await grid(page).getByRole('gridcell').count();
    expect(rendered).toBeGreaterThan(0);
    expect(rendered).toBeLessThan(100);
    // The page never scrolls sideways; the grid does, within itself.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await grid(page).evaluate((el) => el.scrollWidth > el.clientWidth && el.scrollHeight > el.clientHeight)).toBe(true);

    await grid(page).getByRole('gridcell').first().focus();
    await page.keyboard.press('Control+End');
    await expect(cell(page, 'Product 25', 'model-20.png')).toBeFocused();
    expect(await grid(page).getByRole('gridcell').count()).toBeLessThan(100);
  });
  test('long names: a model photo’s column header ends in an ellipsis, a product’s row header in three lines and one, each named in full', async ({ page, baseURL }) => {
    const seller = await signInNewSeller(page, 'catalogue-names');
    const api = sellerApi(baseURL, seller.token);
    const productName = 'Organic linen short-sleeve summer shirt with mother-of-pearl buttons and a relaxed boxy fit, sand';
    const modelName = 'summer-lookbook-2026-outdoor-terrace-portrait-final.png';
    const product = await api.product(`${productName}.png`, 'upper_body', '#90a4ae');
    const model = await api.mask(await api.modelPhoto(modelName, '#607d8b'), 'upper_body');
    const run = await api.call('POST', '/api/try-on/runs', { json: { garmentIds: [product.id], modelIds: [model.id], prompt: '' } });
    await api.call('POST', `/api/try-on/runs/${run.id}/cancel`);

    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`/app/runs?run=${run.id}`);
    const column = grid(page).getByRole('columnheader', { name: modelName });
    await expect(column).toHaveAttribute('title', modelName);
    const shown = (el) => {
      const style = getComputedStyle(el);
      return { cutAcross: el.scrollWidth > el.clientWidth, cutDown: el.scrollHeight > el.clientHeight, textOverflow: style.textOverflow, lineClamp: style.webkitLineClamp };
    };
    expect(await column.getByText(modelName).evaluate(shown)).toMatchObject({ cutAcross: true, textOverflow: 'ellipsis' });
    const row = grid(page).getByRole('rowheader', { name: productName });
    await expect(row).toHaveAttribute('title', productName);
    expect(await row.getByText(productName).evaluate(shown)).toMatchObject({ cutDown: true, lineClamp: '3' });
  });

  test('on a phone, Start run from the keyboard brings the run’s progress into view with the focus on it, and Cancel the rest leaves the focus there', async ({ page, baseURL }) => {
    const seller = await signInNewSeller(page, 'catalogue-focus');
    const api = sellerApi(baseURL, seller.token);
    await api.product('Red shirt.png', 'upper_body', '#c62828');
    for (const name of ['anna.png', 'ben.png', 'cara.png']) await api.mask(await api.modelPhoto(name, '#5d4037'), 'upper_body');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/app/runs');
    const planner = page.getByRole('form', { name: 'Start a catalogue run' });
    await planner.getByRole('checkbox', { name: /Red shirt/ }).check();
    for (const name of ['anna', 'ben', 'cara']) await planner.getByRole('checkbox', { name: new RegExp(`${name}\\.png`) }).check();
    const status = page.getByTestId('run-counts');
    // the cells stay queued while the seller looks: nothing finishes the run before Cancel the rest
    const resume = pauseWorkers();
    try {
      await planner.getByRole('button', { name: 'Start run' }).focus();
      await page.keyboard.press('Enter');
      // The planner fills the phone's screen: the run starts below it, and the seller is taken there.
      await expect(status).toContainText('0 of 3 cells finished');
      await expect(status).toBeFocused();
      await expect(status).toBeInViewport();

      const cancel = page.getByRole('button', { name: 'Cancel the rest' });
      await cancel.focus();
      await page.keyboard.press('Enter');
      await expect(status).toContainText('3 of 3 cells finished');
      await expect(cancel).toBeHidden();
      await expect(status).toBeFocused();
    } finally {
      resume();
    }
  });

  test('the planner’s credits left follow the run: a cell that fails gives its credit back while the seller watches', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const seller = await signInNewSeller(page, 'catalogue-credits');
    const api = sellerApi(baseURL, seller.token);
    await api.product('Red shirt.png', 'upper_body', '#c62828');
    await api.mask(await api.modelPhoto('anna.png', '#5d4037'), 'upper_body');
    const ben = await api.mask(await api.modelPhoto('ben.png', '#455a64'), 'upper_body');
    await page.goto('/app/runs');
    const planner = page.getByRole('form', { name: 'Start a catalogue run' });
    const summary = page.getByTestId('run-plan');
    await expect(summary).toContainText('100 credits left');
    await planner.getByRole('checkbox', { name: /Red shirt/ }).check();
    await planner.getByRole('checkbox', { name: /anna\.png/ }).check();
    await planner.getByRole('checkbox', { name: /ben\.png/ }).check();
    await expect(summary).toContainText('2 cells · 2 credits');
    const resume = pauseWorkers();
    try {
      await planner.getByRole('button', { name: 'Start run' }).click();
      await expect(summary).toContainText('98 credits left');
      // ben's photo is deleted while its cell waits: that cell fails, and its credit comes back
      await api.call('DELETE', `/api/models/${ben.id}`);
    } finally {
      resume();
    }
    await expect(page.getByTestId('run-counts')).toContainText('2 of 2 cells finished', { timeout: 60_000 });
    await expect(cell(page, 'Red shirt', 'ben.png')).toHaveAttribute('data-state', 'failed');
    await expect(summary).toContainText('99 credits left');
  });

  test('a failed cell’s message ends in an ellipsis on its third line, never a line cut in half, and is there in full in its title', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const seller = await signInNewSeller(page, 'catalogue-failed');
    const api = sellerApi(baseURL, seller.token);
    const product = await api.product('Red shirt.png', 'upper_body', '#c62828');
    const model = await api.mask(await api.modelPhoto('anna.png', '#5d4037'), 'upper_body');
    // The model photo is deleted while its cell waits: the cell fails with the engine's (long) message.
    const resume = pauseWorkers();
    let run;
    try {
      run = await api.call('POST', '/api/try-on/runs', { json: { garmentIds: [product.id], modelIds: [model.id], prompt: '' } });
      await api.call('DELETE', `/api/models/${model.id}`);
    } finally {
      resume();
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/app/runs?run=${run.id}`);
    const failed = grid(page).getByRole('gridcell', { name: /^Red shirt on .*: Failed/ });
    await expect(failed).toHaveAttribute('data-state', 'failed', { timeout: 60_000 });
    const message = failed.locator('small');
    const text = await message.getAttribute('title');
    expect(text).toMatch(/^Failed to process VTON request: /);
    await expect(message).toHaveText(text);
    const shown = await message.evaluate((el) => {
      const style = getComputedStyle(el);
      const lines = el.clientHeight / parseFloat(style.lineHeight);
      return { cutDown: el.scrollHeight > el.clientHeight, lineClamp: style.webkitLineClamp, wholeLines: Math.abs(lines - Math.round(lines)) < 0.05 };
    });
    expect(shown).toEqual({ cutDown: true, lineClamp: '3', wholeLines: true });
    // and the Retry button under it is whole, inside the cell
    const cellBox = await failed.boundingBox();
    const retryBox = await failed.getByRole('button', { name: 'Retry' }).boundingBox();
    expect(retryBox.y + retryBox.height).toBeLessThanOrEqual(cellBox.y + cellBox.height);
  });
});
