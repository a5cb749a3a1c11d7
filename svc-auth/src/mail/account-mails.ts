import { PASSWORD_RESET_LINK_HOURS, VERIFICATION_LINK_HOURS } from '@vton/contracts';
import type { OutgoingMail } from './mail-transport.js';

const PRODUCT = 'VTON Studio';

/** Links always start from PUBLIC_URL, never from a request's Host header. */
export function accountLink(publicUrl: string, page: 'verify-email' | 'reset-password', token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/${page}?token=${encodeURIComponent(token)}`;
}

export function verificationMail(to: string, link: string): OutgoingMail {
  return {
    to,
    subject: `Verify your e-mail for ${PRODUCT}`,
    text: [
      `Welcome to ${PRODUCT}!`,
      '',
      'You are one click away from placing your garments on model photos. Confirm your e-mail address with this link:',
      '',
      link,
      '',
      `The link expires in ${VERIFICATION_LINK_HOURS} hours. If you did not create an account, you can ignore this e-mail.`,
      '',
      `— The ${PRODUCT} team`,
    ].join('\n'),
    html: layout(
      `Welcome to ${PRODUCT}!`,
      `<p>You are one click away from placing your garments on model photos. Confirm your e-mail address to start creating.</p>`,
      'Verify my e-mail',
      link,
      `The link expires in ${VERIFICATION_LINK_HOURS} hours. If you did not create an account, you can ignore this e-mail.`,
    ),
  };
}

export function passwordResetMail(to: string, link: string): OutgoingMail {
  const hours = PASSWORD_RESET_LINK_HOURS === 1 ? '1 hour' : `${PASSWORD_RESET_LINK_HOURS} hours`;
  return {
    to,
    subject: `Reset your ${PRODUCT} password`,
    text: [
      'Forgot your password? It happens to the best of us.',
      '',
      'Choose a new one with this link:',
      '',
      link,
      '',
      `The link expires in ${hours} and works once. If you did not ask for a new password, ignore this e-mail: your password stays as it is.`,
      '',
      `— The ${PRODUCT} team`,
    ].join('\n'),
    html: layout(
      'Reset your password',
      '<p>Forgot your password? It happens to the best of us. Choose a new one with the button below.</p>',
      'Choose a new password',
      link,
      `The link expires in ${hours} and works once. If you did not ask for a new password, ignore this e-mail: your password stays as it is.`,
    ),
  };
}

function layout(heading: string, intro: string, action: string, link: string, footnote: string): string {
  const href = escapeHtml(link);
  return `<!doctype html>
<html lang="en"><body style="margin:0;background:#0b0b12;font-family:Inter,Segoe UI,Arial,sans-serif;color:#f4f4f8">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0"><tr><td align="center" style="padding:32px 16px">
<table role="presentation" width="100%" style="max-width:520px;background:#14141f;border-radius:18px;padding:32px">
<tr><td>
<p style="margin:0 0 8px;color:#c6f432;font-size:13px;font-weight:600;letter-spacing:.08em;text-transform:uppercase">${PRODUCT}</p>
<h1 style="margin:0 0 16px;font-size:24px">${escapeHtml(heading)}</h1>
${intro}
<p style="margin:24px 0"><a href="${href}" style="display:inline-block;padding:12px 22px;border-radius:12px;background:#8b6cff;color:#ffffff;font-weight:600;text-decoration:none">${escapeHtml(action)}</a></p>
<p style="font-size:13px;color:#a3a3b8">Or paste this link into your browser:<br><a href="${href}" style="color:#c6f432;word-break:break-all">${href}</a></p>
<p style="font-size:13px;color:#a3a3b8">${escapeHtml(footnote)}</p>
</td></tr></table></td></tr></table></body></html>`;
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
