import { test, expect } from '../support/fixtures.mjs';

const PASSWORD = 'Garment1x';
let seq = 0;
/** A fresh address per test and run: the inbox and the database outlive single tests. */
const uniqueEmail = (name) => `${name}-${Date.now()}-${++seq}@example.com`;

/** Waits for a mail to `address` whose subject matches, via MailDev's REST API, and returns its link. */
/** @returns {Promise<string>} the link the poll below found (it fails the test otherwise) */
async function linkFromMail(request, inboxUrl, address, page) {
  let link;
  await expect
    .poll(async () => {
      const mails = await (await request.get(`${inboxUrl}/api/email`)).json();
      const mine = mails.filter((m) => m.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
      for (const mail of mine.reverse()) {
        const match = new RegExp(`https?://\\S+/${page}\\?token=[A-Za-z0-9_-]+`).exec(mail.text);
        if (match) {
          link = match[0];
          return true;
        }
      }
      return false;
    }, { timeout: 15_000, message: `a ${page} mail to ${address}` })
    .toBe(true);
  return link;
}

const toasts = (page) => page.getByRole('region', { name: 'Notifications (F8)' });
const signInForm = (page) => page.getByRole('form', { name: 'Sign in' });

async function signIn(page, email, password) {
  await page.goto('/auth?tab=login');
  const form = signInForm(page);
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

/** A verified account made through the API, for journeys that start signed out. */
async function verifiedAccount(request, inboxUrl, name) {
  const email = uniqueEmail(name);
  const res = await request.post('/api/auth/register', { data: { email, password: PASSWORD, confirmPassword: PASSWORD } });
  expect(res.status()).toBe(201);
  const link = await linkFromMail(request, inboxUrl, email, 'verify-email');
  const token = new URL(link).searchParams.get('token');
  expect((await request.post(`/api/auth/verify-email-and-login?token=${token}`)).status()).toBe(200);
  return email;
}

test('register → verification e-mail → link → /app signed in → sign out → sign in → reload stays signed in', async ({ page, request, mailInboxUrl }) => {
  const email = uniqueEmail('journey');
  await page.goto('/auth');
  await expect(page).toHaveTitle(/Create account/);
  await expect(page.getByRole('tab', { name: 'Create Account' })).toHaveAttribute('aria-selected', 'true');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email', { exact: true }).fill(email);
  await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await form.getByLabel('Confirm password', { exact: true }).press('Enter');

  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('The link expires in 24 hours.')).toBeVisible();
  await expect(toasts(page).getByText('Account created!')).toBeVisible();

  const link = await linkFromMail(request, mailInboxUrl, email, 'verify-email');
  expect(link.startsWith(new URL(page.url()).origin)).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/app$/);
  const account = page.getByRole('button', { name: `Account menu for ${email}` });
  await expect(account).toBeVisible();

  await account.click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('button', { name: 'Sign In' })).toBeVisible();

  await signIn(page, email, PASSWORD);
  await expect(toasts(page).getByText('Welcome back!')).toBeVisible();
  await expect(toasts(page).getByText('You have successfully signed in.')).toBeVisible();
  await expect(page).toHaveURL(/\/app$/);
  await expect(account).toBeVisible();

  await page.reload();
  await expect(page).toHaveURL(/\/app$/);
  await expect(account).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toMatch(/^ey/);
});

test('an unverified account gets the 403 toast, a wrong password the 401 toast', async ({ page, request }) => {
  const email = uniqueEmail('unverified');
  expect((await request.post('/api/auth/register', { data: { email, password: PASSWORD, confirmPassword: PASSWORD } })).status()).toBe(201);

  await signIn(page, email, PASSWORD);
  await expect(toasts(page).getByText('Email verification required')).toBeVisible();
  await expect(toasts(page).getByText('Please check your email and click the verification link before signing in.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);

  const form = signInForm(page);
  await form.getByLabel('Password', { exact: true }).fill('Wrong1pass');
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(toasts(page).getByText('Invalid credentials')).toBeVisible();
  await expect(toasts(page).getByText('The email or password you entered is incorrect.')).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
});

test('the forms show the spec validation messages before anything is sent', async ({ page }) => {
  const sent = [];
  page.on('request', (req) => { if (req.url().includes('/api/auth/')) sent.push(req.url()); });
  await page.goto('/auth');
  const register = page.getByRole('form', { name: 'Create account' });
  await register.getByRole('button', { name: 'Create Account' }).click();
  await expect(register.getByText('Required')).toBeVisible();
  await expect(register.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(register.getByText('Please confirm your password')).toBeVisible();
  await register.getByLabel('Email', { exact: true }).fill('ada@');
  await register.getByLabel('Password', { exact: true }).fill('garment12');
  await register.getByLabel('Confirm password', { exact: true }).fill('garment13');
  await expect(register.getByText('Invalid email')).toBeVisible();
  await expect(register.getByText('Password must contain at least one uppercase letter, one lowercase letter, and one number')).toBeVisible();
  await expect(register.getByText("Passwords don't match")).toBeVisible();
  await expect(register.getByLabel('Confirm password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('tab', { name: 'Sign In' }).click();
  await signInForm(page).getByRole('button', { name: 'Sign In' }).click();
  await expect(signInForm(page).getByText('Please enter a valid email address')).toBeVisible();
  await expect(signInForm(page).getByText('Password is required')).toBeVisible();
  expect(sent.filter((url) => !url.includes('/api/auth/me'))).toEqual([]);
});

test('on a 390 px phone each account tab holds its label on one line, inside the tab', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/auth');
  for (const name of ['Create Account', 'Sign In']) {
    const tab = page.getByRole('tab', { name });
    await expect(tab).toBeVisible();
    const label = await tab.evaluate((el) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
      return { lines: lines.size, spills: el.scrollHeight > el.clientHeight || el.scrollWidth > el.clientWidth };
    });
    expect(label, name).toEqual({ lines: 1, spills: false });
  }
});

test('forgot password → reset e-mail → new password → sign in with it', async ({ page, request, mailInboxUrl }) => {
  const email = await verifiedAccount(request, mailInboxUrl, 'reset');
  await page.goto('/auth?tab=login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

  const link = await linkFromMail(request, mailInboxUrl, email, 'reset-password');
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Newpass1x');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Newpass2x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm new password', { exact: true }).fill('Newpass1x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toasts(page).getByText('Password updated')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await signIn(page, email, 'Newpass1x');
  await expect(page).toHaveURL(/\/app$/);
  await expect(page.getByRole('button', { name: `Account menu for ${email}` })).toBeVisible();

  // The link works once.
  await page.evaluate(() => localStorage.clear());
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Other1pass');
  await page.getByLabel('Confirm new password', { exact: true }).fill('Other1pass');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(toasts(page).getByText('This password reset link is invalid or has already been used')).toBeVisible();
});

test('the landing page query parameters toast and lead to /auth; /verify-email without a token explains', async ({ page }) => {
  await page.goto('/?auth=required');
  await expect(toasts(page).getByText('Authentication Required')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/?verified=true');
  await expect(toasts(page).getByText('Email Verified!')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toHaveAttribute('aria-selected', 'true');

  await page.goto('/verify-email');
  await expect(page.getByRole('heading', { name: 'Invalid verification link' })).toBeVisible();
  await page.getByRole('button', { name: 'Back to login' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('"Sign out of all devices" ends the sign-in on another browser too; a common password is refused', async ({ page, browser, request, mailInboxUrl }) => {
  const email = await verifiedAccount(request, mailInboxUrl, 'everywhere');
  const other = await browser.newContext({ baseURL: process.env.E2E_BASE_URL });
  const laptop = await other.newPage();
  try {
    for (const p of [page, laptop]) {
      await signIn(p, email, PASSWORD);
      await expect(p).toHaveURL(/\/app$/);
    }
    // A slow phone: the studio loses its user while the home page still renders. The seller must
    // land on the home page, not be sent to sign in by the page they are leaving.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 8 });
    await page.getByRole('button', { name: `Account menu for ${email}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out of all devices' }).click();
    await expect(toasts(page).getByText('Signed out of all devices')).toBeVisible();
    await expect(page.getByText('For e-commerce sellers & content creators', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // The other browser's token no longer works: on its next visit it is sent to sign in.
    await laptop.goto('/gallery');
    await expect(laptop).toHaveURL(/\/auth/);
    expect(await laptop.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
  } finally {
    await other.close();
  }

  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Create account' });
  await form.getByLabel('Email', { exact: true }).fill(uniqueEmail('common'));
  await form.getByLabel('Password', { exact: true }).fill('Password1');
  await form.getByLabel('Confirm password', { exact: true }).fill('Password1');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('This password is one of the most commonly used and easy to guess. Please choose a different one')).toBeVisible();
});
