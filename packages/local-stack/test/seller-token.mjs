import { randomUUID } from 'node:crypto';

const PASSWORD = 'Seller-Pass-1';

/** The verification link's token from the newest e-mail the stack's MailDev holds for `email`. */
async function verificationToken(inboxUrl, email) {
  for (let attempt = 0; attempt < 120; attempt += 1) {
    const mails = await (await fetch(new URL('/api/email', inboxUrl))).json();
    const mine = mails.filter((mail) => (mail.to ?? []).some((to) => to.address?.toLowerCase() === email));
    for (const mail of mine.reverse()) {
      const match = /verify-email\?token=([^"'&\s<]+)/.exec(`${mail.html ?? ''} ${mail.text ?? ''}`);
      if (match) return decodeURIComponent(match[1].replace(/&amp;$/, ''));
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No verification e-mail for ${email} in ${inboxUrl}`);
}

/**
 * A seller's token for a running stack, as a seller gets one: registered through svc-auth, the
 * e-mail's link followed (so the account exists, with its trial credits, like any seller's).
 * @param {{ url: string, inboxUrl: string }} stack
 */
export async function sellerToken(stack) {
  return (await newSeller(stack)).token;
}

/**
 * A new seller on a running stack (as sellerToken makes one), with what signs them in again.
 * @param {{ url: string, inboxUrl: string }} stack
 */
export async function newSeller(stack) {
  const email = `seller-${randomUUID().slice(0, 8)}@example.com`;
  const post = async (path, body) => {
    const res = await fetch(`${stack.url}${path}`, {
      method: 'POST',
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    if (!res.ok) throw new Error(`POST ${path}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post('/api/auth/register', { email, password: PASSWORD, confirmPassword: PASSWORD });
  const { token } = await post(`/api/auth/verify-email-and-login?token=${encodeURIComponent(await verificationToken(stack.inboxUrl, email))}`);
  return { email, password: PASSWORD, token };
}
