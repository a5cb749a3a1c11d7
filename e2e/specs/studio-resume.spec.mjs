import path from 'node:path';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { createVerifiedUser, signIn } from '../support/seed.mjs';
import { writeStudioImages, MODEL_GREY } from '../support/studio-images.mjs';
import { addModelPhotos, drawer, modelTile, settledBox, sidebar, signInNewSeller, tryOnButton } from '../support/studio-page.mjs';

/**
 * The workspace outlives the page: leaving /app while a generation runs and coming back keeps
 * the garment, the model photos and the job (its results arrive meanwhile); a full reload during
 * a generation finds the job again and resumes its per-model progress. The stack's local engine
 * is slowed (ENGINE_DELAY_MS, set by the global setup) so the job is still running meanwhile;
 * 5 models at the default concurrency of 4 make two waves.
 */

const MODELS = 5;
const progressItems = (page) => page.getByTestId('generation-view').getByRole('list', { name: 'Progress per model' }).getByRole('listitem');
const nav = (page) => page.getByRole('navigation', { name: /main/i });

/** Counts the SSE subscriptions the page opens, per job id. */
function watchEventStreams(page) {
  const counts = new Map();
  page.on('request', (request) => {
    const match = new URL(request.url()).pathname.match(/^\/api\/try-on\/jobs\/([^/]+)\/events$/);
    if (match) counts.set(match[1], (counts.get(match[1]) ?? 0) + 1);
  });
  return counts;
}

test.describe.serial('the studio workspace outlives the page', () => {
  let seller;
  let images;
  const models = [];

  test.beforeAll(async () => {
    seller = await createVerifiedUser(process.env.E2E_BASE_URL, process.env.E2E_MAIL_INBOX_URL, 'resume');
    images = await writeStudioImages();
    for (let i = 0; i < MODELS; i += 1) {
      const file = `pose-${i + 1}.png`;
      const modelPath = path.join(images.dir, file);
      await sharp({ create: { width: 600, height: 800, channels: 3, background: MODEL_GREY } }).png().toFile(modelPath);
      models.push({ file, path: modelPath });
    }
  });
  test.afterAll(() => images?.cleanup());

  test('leave /app during a generation and come back; reload /app during a generation', async ({ page }) => {
    test.setTimeout(240_000);
    await signIn(page, seller);
    await page.setViewportSize({ width: 1440, height: 900 });
    const streams = watchEventStreams(page);
    await page.goto('/app');

    await test.step('build the workspace: a cropped garment and 5 masked model photos', async () => {
      await page.getByLabel('Garment photo').setInputFiles(images.garment);
      await expect(sidebar(page).getByText('Ready for cropping')).toBeVisible();
      await sidebar(page).getByRole('button', { name: 'Crop' }).click();
      await expect(page.getByTestId('crop-size')).toHaveText('960px');
      await page.getByRole('button', { name: 'Confirm' }).click();
      await expect(sidebar(page).getByText('Cropped & ready')).toBeVisible();
      await page.getByLabel('Model photos', { exact: true }).setInputFiles(models.map((m) => m.path));
      await expect(page.getByTestId('model-count')).toHaveText(`${MODELS} photos`);
      for (const model of models) {
        await expect(modelTile(page, model.file)).toBeEnabled();
        await modelTile(page, model.file).click();
        const stage = page.getByTestId('mask-stage');
        await expect(stage.getByRole('status', { name: 'Loading photo' })).toHaveCount(0, { timeout: 20_000 });
        const box = await settledBox(stage);
        await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.7, box.y + box.height / 2, { steps: 4 });
        await page.mouse.up();
        await expect(page.getByTestId('mask-canvas')).toHaveAttribute('data-has-paint', 'true');
        await page.getByRole('button', { name: 'Approve', exact: true }).click();
        await expect(modelTile(page, model.file)).toHaveAccessibleName(`${model.file} (mask approved)`, { timeout: 30_000 });
      }
      await page.getByPlaceholder('Enter generation prompt...').fill('resume prompt');
    });

    let firstJob;
    await test.step('Try on, go to the gallery while it runs: its results arrive there as New', async () => {
      const created = page.waitForResponse((r) => r.url().endsWith('/api/try-on/jobs') && r.request().method() === 'POST');
      await tryOnButton(page).click();
      firstJob = await (await created).json();
      await expect(progressItems(page)).toHaveCount(MODELS);
      await expect(page.getByTestId('generation-progress')).not.toHaveText(`${MODELS} / ${MODELS} done`);
      await nav(page).getByRole('link', { name: 'Gallery' }).click();
      await expect(page).toHaveURL(/\/gallery$/);
      // the job keeps being followed while the studio is unmounted: all 5 land in the session store
      await expect(page.getByText('New', { exact: true })).toHaveCount(MODELS, { timeout: 60_000 });
    });

    await test.step('back on /app: the same workspace, the finished job, one event stream', async () => {
      await nav(page).getByRole('link', { name: 'Try on' }).click();
      await expect(page).toHaveURL(/\/app$/);
      await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Cropped & ready');
      await expect(sidebar(page).getByText('garment.png')).toBeVisible();
      await expect(page.getByTestId('model-count')).toHaveText(`${MODELS} photos`);
      for (const model of models) await expect(modelTile(page, model.file)).toHaveAccessibleName(`${model.file} (mask approved)`);
      await expect(page.getByPlaceholder('Enter generation prompt...')).toHaveValue('resume prompt');
      await expect(page.getByTestId('generation-progress')).toHaveText(`${MODELS} / ${MODELS} done`);
      for (const item of await progressItems(page).all()) await expect(item).toHaveAttribute('data-state', 'succeeded');
      await expect(page.getByTestId('active-result')).toBeVisible();
      await expect(tryOnButton(page)).toBeEnabled();
      await page.getByRole('button', { name: /^Results/ }).click();
      await expect(drawer(page).getByRole('button', { name: /^Result #\d+/ })).toHaveCount(MODELS);
      await page.keyboard.press('Escape');
      await expect(drawer(page)).toHaveCount(0);
      expect(streams.get(firstJob.id)).toBe(1);
    });

    await test.step('Try on again and reload /app while it runs: progress resumes, results appear', async () => {
      const created = page.waitForResponse((r) => r.url().endsWith('/api/try-on/jobs') && r.request().method() === 'POST');
      await tryOnButton(page).click();
      const job = await (await created).json();
      expect(job.status).toBe('running');
      await expect.poll(() => streams.get(job.id)).toBe(1); // followed live before the reload
      const reread = page.waitForResponse((r) => r.url().endsWith(`/api/try-on/jobs/${job.id}`) && r.request().method() === 'GET');
      await page.reload();
      const found = await (await reread).json();
      expect(found.status).toBe('running'); // the reload happened mid-run
      // the workspace is rebuilt from the server (signed URLs, not the dead object URLs)
      await expect(sidebar(page).getByTestId('garment-status')).toHaveText('Cropped & ready');
      await expect(page.getByTestId('model-count')).toHaveText(`${MODELS} photos`);
      for (const model of models) await expect(modelTile(page, model.file)).toHaveAccessibleName(`${model.file} (mask approved)`);
      await expect(page.getByPlaceholder('Enter generation prompt...')).toHaveValue('resume prompt');
      for (const img of await sidebar(page).getByRole('img').all()) expect(await img.getAttribute('src')).not.toMatch(/^blob:/);
      // the progress view follows the job again
      await expect(progressItems(page)).toHaveCount(MODELS);
      await expect(page.getByTestId('gallery-badge')).toHaveAccessibleName('Generating');
      await expect(page.getByTestId('generation-progress')).toHaveText(`${MODELS} / ${MODELS} done`, { timeout: 60_000 });
      await expect(page.getByTestId('active-result')).toBeVisible();
      await expect(page.getByTestId('gallery-badge')).toHaveText(String(MODELS));
      await page.getByRole('button', { name: /^Results/ }).click();
      await expect(drawer(page).getByRole('button', { name: /^Result #\d+/ })).toHaveCount(MODELS);
      await page.keyboard.press('Escape');
      expect(streams.get(job.id)).toBe(2); // one more subscription, in the reloaded page
    });
  });
});

test('the garment category the seller chose comes back after a reload and in a new tab', async ({ page, context }) => {
  await signInNewSeller(page, 'category');
  await page.goto('/app');
  const option = (p, name) => sidebar(p).getByRole('group', { name: 'Garment category' }).getByRole('radio', { name });
  await expect(option(page, 'Upper body')).toBeChecked();
  const saved = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/media/workspace' && r.request().method() === 'PUT' && r.ok());
  await option(page, 'Lower body').check();
  await saved;

  await page.reload();
  await expect(option(page, 'Lower body')).toBeChecked();
  // a new tab has nothing of its own in sessionStorage: it rebuilds the workspace the server keeps
  const other = await context.newPage();
  await other.goto('/app');
  await expect(option(other, 'Lower body')).toBeChecked();
  await expect(option(other, 'Upper body')).not.toBeChecked();
});

/** Holds the page's requests that `matches` until release(); `arrived` settles when the first is held. */
async function holdRequests(page, matches) {
  let release = () => {};
  const released = new Promise((resolve) => {
    release = () => resolve(undefined);
  });
  let arrive = () => {};
  const arrived = new Promise((resolve) => {
    arrive = () => resolve(undefined);
  });
  await page.route('**/api/**', async (route) => {
    if (!matches(route.request())) return route.fallback();
    arrive();
    await released;
    return route.fallback();
  });
  return { arrived, release };
}

const isRequest = (method, pathname) => (request) => request.method() === method && new URL(request.url()).pathname === pathname;

/**
 * A seller who opens the studio in a new tab (nothing in sessionStorage: the workspace comes from
 * the server) and adds a photo while "Restoring your workspace…" shows loses nothing: the photo
 * stays beside the restored one, after the restore, after a reload and in the next new tab.
 * The restore's requests (or the upload) are held, so the upload lands in the middle every time.
 */
test.describe('a model photo added while a new tab restores the workspace', () => {
  let images;
  test.beforeAll(async () => {
    images = await writeStudioImages();
  });
  test.afterAll(() => images?.cleanup());

  const [restored, added] = ['model-a.jpg', 'model-b.png'];
  const photoPath = (file) => images.models.find((m) => m.file === file).path;
  const tileNames = (page) =>
    sidebar(page).getByRole('list', { name: 'Model photos' }).getByRole('listitem').getByRole('button', { name: /^model-/ }).evaluateAll((tiles) => tiles.map((t) => t.getAttribute('aria-label')));

  async function newTab(browser, seller) {
    const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1440, height: 900 } });
    await signIn(context, seller);
    return context.newPage();
  }

  const savedModelIds = async (page, seller) => {
    const response = await page.request.get('/api/media/workspace', { headers: { Authorization: `Bearer ${seller.token}` } });
    return (await response.json()).modelIds;
  };

  /** The first visit: one photo in the workspace the server keeps. */
  async function sellerWithOnePhoto(browser, prefix) {
    const seller = await createVerifiedUser(process.env.E2E_BASE_URL, process.env.E2E_MAIL_INBOX_URL, prefix);
    const page = await newTab(browser, seller);
    await page.goto('/app');
    await addModelPhotos(page, [photoPath(restored)]);
    await expect.poll(() => savedModelIds(page, seller)).toHaveLength(1);
    await page.context().close();
    return seller;
  }

  async function expectBoth(page, seller, ids) {
    await expect(page.getByTestId('model-count')).toHaveText('2 photos');
    await expect.poll(() => tileNames(page)).toEqual([restored, added]);
    await expect.poll(() => savedModelIds(page, seller)).toEqual(ids);
  }

  /** Both photos shown and saved, in the order of their records, and again after a reload; returns their ids. */
  async function expectBothKept(page, seller) {
    const [first, second] = await (await page.request.get('/api/models', { headers: { Authorization: `Bearer ${seller.token}` } })).json();
    const ids = [first.id, second.id];
    await expectBoth(page, seller, ids);
    await page.reload();
    await expectBoth(page, seller, ids);
    return ids;
  }

  for (const [what, held] of [
    ['the saved workspace (GET /api/media/workspace)', isRequest('GET', '/api/media/workspace')],
    ['the model photo records (GET /api/models)', isRequest('GET', '/api/models')],
  ]) {
    test(`the upload finishes first: ${what} held until then`, async ({ browser }) => {
      test.setTimeout(120_000);
      const seller = await sellerWithOnePhoto(browser, 'restore-upload');
      const page = await newTab(browser, seller);
      const hold = await holdRequests(page, held);
      await page.goto('/app');
      await hold.arrived;
      await expect(page.getByText('Restoring your workspace…')).toBeVisible();
      await addModelPhotos(page, [photoPath(added)]);
      hold.release();

      const ids = await expectBothKept(page, seller);
      const next = await newTab(browser, seller);
      await next.goto('/app');
      await expectBoth(next, seller, ids);
      await next.context().close();
      await page.context().close();
    });
  }

  // The seller clicks the drop zone while the workspace restores and chooses in the file dialog
  // only after the restored photo replaced the drop zone: the dialog's input must still be there.
  test('the file dialog opened from the drop zone closes after the restore: the photo chosen is kept', async ({ browser }) => {
    test.setTimeout(120_000);
    const seller = await sellerWithOnePhoto(browser, 'restore-dialog');
    const page = await newTab(browser, seller);
    const workspace = await holdRequests(page, isRequest('GET', '/api/media/workspace'));
    await page.goto('/app');
    await workspace.arrived;
    await expect(page.getByText('Restoring your workspace…')).toBeVisible();
    const dialog = page.waitForEvent('filechooser');
    await sidebar(page).getByRole('button', { name: /^Add model photos/ }).click();
    const chooser = await dialog;
    workspace.release();
    await expect(page.getByRole('button', { name: restored, exact: true })).toBeEnabled();
    await expect(sidebar(page).getByRole('button', { name: /^Add model photos/ })).toHaveCount(0);
    await chooser.setFiles(photoPath(added));
    await expect(page.getByRole('button', { name: added, exact: true })).toBeEnabled({ timeout: 30_000 });

    await expectBothKept(page, seller);
    await page.context().close();
  });

  test('the restore finishes first: the upload (POST /api/models) held until then', async ({ browser }) => {
    test.setTimeout(120_000);
    const seller = await sellerWithOnePhoto(browser, 'restore-upload');
    const page = await newTab(browser, seller);
    const workspace = await holdRequests(page, isRequest('GET', '/api/media/workspace'));
    const upload = await holdRequests(page, isRequest('POST', '/api/models'));
    await page.goto('/app');
    await workspace.arrived;
    await addModelPhotos(page, [photoPath(added)], { expectAdded: [] });
    await upload.arrived;
    workspace.release();
    await expect(page.getByRole('button', { name: restored, exact: true })).toBeEnabled();
    upload.release();
    await expect(page.getByRole('button', { name: added, exact: true })).toBeEnabled({ timeout: 30_000 });

    await expectBothKept(page, seller);
    await page.context().close();
  });
});
