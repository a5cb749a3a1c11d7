import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { test, expect } from '../support/fixtures.mjs';
import { adjustCredits, setPlan } from '../support/seed.mjs';
import { writeStudioImages } from '../support/studio-images.mjs';
import { addModelPhotos, approveMask, cropGarment, paintMask, sidebar, signInNewSeller, tryOnButton, uploadGarment } from '../support/studio-page.mjs';

/**
 * Ends the seller's trial as TRIAL_DAYS passing would: its end moved into the past, as svc-auth's
 * own tests do (the operator command starts a trial afresh; nothing an operator runs ends one).
 * On the suite's database (E2E_DATABASE_URL: against a running stack, set it to that stack's).
 */
async function endTrial(email) {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('Ending a trial needs E2E_DATABASE_URL, the database of the stack under test');
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `UPDATE auth.billing_accounts AS account SET "trialEndsAt" = now() - interval '1 minute' FROM auth.users AS u WHERE u.id = account."userId" AND u.email = $1 AND account.plan = 'trial'`,
      [email],
    );
    expect(rowCount, `a trial account for ${email}`).toBe(1);
  } finally {
    await client.end();
  }
}

/**
 * Credits in the browser (issue 30): the studio shows the credits left and what Try on will use, a
 * try-on the balance cannot pay answers 402 and becomes a toast with a link to the plan page, and a
 * 3-model try-on costs 3. The plan page lists the plans (no Stripe here: "contact the operator")
 * and the ledger; the pricing page's plan buttons lead there with the plan chosen. Mock never costs
 * anything, and once the trial has ended Mock, the gallery and downloads keep working.
 */
test.describe.serial('credits', () => {
  let images;
  test.beforeAll(async () => {
    images = await writeStudioImages();
  });
  test.afterAll(() => images?.cleanup());

  /** The studio with the product cropped and one model photo's mask approved: Try on and Mock are ready. */
  async function readyForOneModel(page) {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/app');
    await uploadGarment(page, images.garment);
    await cropGarment(page);
    const [model] = images.models;
    await addModelPhotos(page, [model.path]);
    await paintMask(page, model.file);
    await approveMask(page, model.file);
  }

  test('credits left next to Try on; out of credits the 402 becomes a toast with a link to the plan page; a 3-model try-on costs 3', async ({ page }) => {
    test.setTimeout(300_000);
    const seller = await signInNewSeller(page, 'credits');
    // The suite's trial is 100 credits; 2 are left, and the batch needs 3.
    adjustCredits(seller.email, '-98', 'e2e: most of the trial used');
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/app');
    const credits = page.getByTestId('credits-left');
    await expect(credits).toHaveText('2 credits left');

    await uploadGarment(page, images.garment);
    await cropGarment(page);
    const files = images.models.map((m) => m.path);
    await addModelPhotos(page, files);
    for (const file of images.models.map((m) => m.file)) {
      await paintMask(page, file);
      await approveMask(page, file);
    }
    await expect(credits).toHaveText('2 credits left · this try-on uses 3 credits');

    await tryOnButton(page).click();
    const toast = page.getByRole('region', { name: 'Notifications (F8)' });
    await expect(toast.getByText('Not enough credits')).toBeVisible();
    await expect(toast.getByText('This try-on needs 3 credits; you have 2 left.')).toBeVisible();
    await expect(tryOnButton(page)).toBeEnabled();
    await toast.getByRole('link', { name: 'See plans and credits' }).click();
    await expect(page).toHaveURL(/\/account\/billing$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Plan & credits' })).toBeVisible();
    await expect(page.getByTestId('billing-credits-available')).toHaveText('2');
    await expect(page.getByTestId('contact-operator')).toHaveText('To change your plan, please contact the operator of this studio.');
    const ledger = page.getByTestId('ledger');
    await expect(ledger.getByRole('row').nth(1)).toContainText('Adjusted');
    await expect(ledger.getByRole('row').nth(1)).toContainText('e2e: most of the trial used');
    await expect(ledger.getByRole('row').nth(2)).toContainText('Granted');

    // The operator adds one credit: the same try-on now runs and costs 3.
    adjustCredits(seller.email, '+1', 'e2e: one more');
    await page.goto('/app');
    await expect(credits).toHaveText('3 credits left · this try-on uses 3 credits');
    await tryOnButton(page).click();
    // Reserved at once; each model's credit is captured when it succeeds.
    await expect(credits).toHaveText('0 credits left · this try-on uses 3 credits');
    await expect(page.getByRole('button', { name: /^Show the result for / })).toHaveCount(3, { timeout: 120_000 });

    await page.goto('/account/billing');
    await expect(page.getByTestId('billing-credits-available')).toHaveText('0');
    const used = page.getByTestId('ledger').getByRole('row').filter({ has: page.getByRole('cell', { name: 'Used', exact: true }) });
    await expect(used).toHaveCount(3);
    // each says what the credit paid for: the product on a model photo
    const product = path.parse(images.garment).name;
    for (const { file } of images.models) await expect(used.filter({ hasText: `${product} on ${file}` })).toHaveCount(1);

    // On a phone the ledger scrolls sideways inside its panel; the page itself does not.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('ledger')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });

  test('on an unlimited plan the note under Try on says "Unlimited credits", nothing the try-on "uses"', async ({ page }) => {
    test.setTimeout(180_000);
    const seller = await signInNewSeller(page, 'credits-unlimited');
    setPlan(seller.email, 'enterprise');
    await readyForOneModel(page);
    await expect(tryOnButton(page)).toBeEnabled();
    await expect(page.getByTestId('credits-left')).toHaveText('Unlimited credits');
  });

  test('a plan the operator sets reads "Plan set" in the credit history, with the plan and no credits', async ({ page }) => {
    const seller = await signInNewSeller(page, 'credits-plan-set');
    setPlan(seller.email, 'professional');
    await page.goto('/account/billing');
    const rows = page.getByTestId('ledger').getByRole('row');
    // newest first: the plan's month, the plan set, the trial
    await expect(rows.nth(1)).toContainText('Professional plan: credits for the month');
    const planSet = rows.nth(2).getByRole('cell');
    await expect(planSet.nth(1)).toHaveText('Plan set');
    await expect(planSet.nth(2)).toHaveText('');
    await expect(planSet.nth(4)).toHaveText('Professional, by the operator of this studio');
    await expect(page.getByTestId('ledger')).not.toContainText('Adjusted');
  });

  test('a signed-in seller’s plan button on the pricing page opens the plan page with that plan and period chosen', async ({ page }) => {
    await signInNewSeller(page, 'credits-pricing');
    await page.goto('/');
    const pricing = page.locator('#pricing');
    // The page is prerendered: the toggle works once it has hydrated.
    const monthly = pricing.getByRole('button', { name: 'Monthly' });
    await expect(async () => {
      await monthly.click();
      await expect(monthly).toHaveAttribute('aria-pressed', 'true', { timeout: 500 });
    }).toPass();
    const button = pricing.getByRole('article', { name: 'Professional' }).getByRole('link', { name: 'Start Professional' });
    // Once the page knows the seller is signed in, the button leads to the plan page instead of sign-up.
    await expect(button).toHaveAttribute('href', '/account/billing?plan=professional&interval=month');
    await button.click();
    await expect(page).toHaveURL(/\/account\/billing\?plan=professional&interval=month$/);
    await expect(page.locator('[data-plan="professional"]')).toHaveAttribute('aria-current', 'true');
    await expect(page.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    await expect(page.getByTestId('billing-credits-available')).toHaveText('100');
  });

  test('Mock costs nothing; after the trial ends, Try on answers "choose a plan" while Mock, the gallery and downloads keep working', async ({ page }) => {
    test.setTimeout(240_000);
    const seller = await signInNewSeller(page, 'credits-trial-ended');
    await readyForOneModel(page);
    const credits = page.getByTestId('credits-left');
    await expect(credits).toHaveText('100 credits left · this try-on uses 1 credit');
    /** Mock, its result on the stage, and that result saved to the gallery (before any page load could cut the save short). */
    const runMock = async () => {
      const saved = page.waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/generated-images');
      await sidebar(page).getByRole('button', { name: 'Mock' }).click();
      await expect(page.getByTestId('generation-progress')).toHaveText('1 / 1 done', { timeout: 15_000 });
      await expect(page.getByTestId('active-result-mock')).toContainText('Mock result');
      expect((await saved).ok()).toBe(true);
    };

    await test.step('Mock during the trial: a result, and the credits stay as they were', async () => {
      await runMock();
      await expect(tryOnButton(page)).toBeEnabled();
      await expect(credits).toHaveText('100 credits left · this try-on uses 1 credit');
    });

    await endTrial(seller.email);
    const toasts = page.getByRole('region', { name: 'Notifications (F8)' });

    await test.step('Try on: the 402 PLAN_REQUIRED as a toast whose link opens the plan page', async () => {
      await tryOnButton(page).click();
      const alert = toasts.getByRole('alert');
      // its title, then the server's words and the link
      await expect(alert.getByText('Choose a plan', { exact: true }).first()).toBeVisible();
      await expect(alert.getByText('Your free trial has ended — choose a plan to keep generating.')).toBeVisible();
      await expect(tryOnButton(page)).toBeEnabled();
      await alert.getByRole('link', { name: 'Choose a plan' }).click();
      await expect(page).toHaveURL(/\/account\/billing$/);
      await expect(page.getByRole('region', { name: 'Free trial · Your free trial has ended' })).toBeVisible();
      // neither the Mock nor the refused try-on took a credit: the ledger holds the trial's grant alone
      await expect(page.getByTestId('billing-credits-available')).toHaveText('100');
      const entries = page.getByTestId('ledger').getByRole('row').filter({ has: page.getByRole('cell') });
      await expect(entries).toHaveCount(1);
      await expect(entries.first()).toContainText('Granted');
    });

    await test.step('Mock after the trial: still a result, still free', async () => {
      await page.goBack();
      await expect(page).toHaveURL(/\/app$/);
      await expect(tryOnButton(page)).toBeEnabled();
      await runMock();
      // the note says why Try on is refused instead of what it would use
      await expect(credits).toHaveText('100 credits left · Your free trial has ended — choose a plan to keep generating. See plans');
      await expect(credits.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/account/billing');
    });

    await test.step('the gallery opens both Mock results and downloads one', async () => {
      await page.goto('/gallery');
      const newest = page.getByRole('button', { name: /^Result #2(, new)?$/ });
      await expect(page.getByRole('list', { name: 'Gallery results' }).getByRole('listitem')).toHaveCount(2);
      await newest.click();
      const viewer = page.getByRole('dialog', { name: 'Result #2 preview' });
      await expect(viewer).toBeVisible();
      const [download] = await Promise.all([page.waitForEvent('download'), viewer.getByRole('button', { name: 'Download' }).click()]);
      expect(download.suggestedFilename()).toBe('vton-result-2.png');
      const meta = await sharp(fs.readFileSync(await download.path())).metadata();
      expect(meta.format).toBe('png');
    });
  });
});
