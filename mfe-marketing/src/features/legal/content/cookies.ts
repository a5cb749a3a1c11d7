import { PRIVACY_CONTACT, type LegalDocumentContent } from './types';

const cookies: LegalDocumentContent = {
  summary:
    'VTON Studio uses no advertising or tracking cookies. It keeps one strictly necessary item in your browser: the sign-in token that keeps you signed in.',
  sections: [
    {
      heading: 'What we keep in your browser',
      list: [
        'auth_token (local storage, strictly necessary): the sign-in token issued when you sign in. It is sent with your requests so the studio knows it is you, and it is removed when you sign out.',
        'Cached pages and scripts (browser cache): the files of the website, so it opens faster on your next visit. They contain no personal data.',
      ],
    },
    {
      heading: 'What we do not use',
      paragraphs: [
        'We do not use advertising cookies, cross-site tracking, social-media pixels or third-party analytics. Because we only use what is strictly necessary to provide the service you asked for, we do not show a consent banner.',
      ],
    },
    {
      heading: 'Your control',
      paragraphs: [
        'Signing out removes the sign-in token. You can also clear site data in your browser settings at any time; you will then need to sign in again.',
        'If we ever add an optional cookie, we will ask for your consent first and update this page.',
        `Questions: ${PRIVACY_CONTACT}.`,
      ],
    },
  ],
};

export default cookies;
