import { PRIVACY_CONTACT, type LegalDocumentContent } from './types';

const privacy: LegalDocumentContent = {
  summary:
    'We keep the least we need to run your studio: your e-mail address, a protected password, and the photos and results you create. We do not sell your data and we do not show advertising.',
  sections: [
    {
      heading: 'What we store',
      list: [
        'Account: your e-mail address, your password as a salted one-way hash (never in readable form), whether your address is verified, and the date the account was created.',
        'Verification and reset links: a random token with its expiry — 24 hours for e-mail verification, 1 hour for a password reset. Used tokens are cleared.',
        'Photos: the garment photos and model photos you upload, the cropped garment, the masks you paint and the areas they cover.',
        'Results: the try-on images you generate and save, with the prompt, the garment and model they came from, and when they were made.',
        'Technical logs: request times, addresses and error details, kept for up to 30 days to keep the service secure and to fix faults.',
      ],
    },
    {
      heading: 'Why we use it',
      list: [
        'to sign you in and keep your account secure (contract);',
        'to store your photos and generate the try-ons you ask for (contract);',
        'to send you service e-mails such as verification and password reset links (contract);',
        'to protect the service against abuse and fix errors (legitimate interest).',
      ],
      paragraphs: ['We do not use your photos or results for advertising, and we do not sell or rent personal data.'],
    },
    {
      heading: 'Who can see your photos',
      paragraphs: [
        'Your photos and results are private to your account. They are kept in access-controlled object storage and shown to you through short-lived signed links. Our staff access them only when you ask for support or when the law requires it.',
        'To generate a try-on, the garment, the model photo and the mask are sent to our generation service, which returns the result and does not keep the images afterwards.',
      ],
    },
    {
      heading: 'Service providers',
      paragraphs: [
        'We use hosting, object storage and e-mail delivery providers who process data only on our instructions, under data processing agreements. The GDPR page lists the categories of processors and how we protect transfers outside the EEA.',
      ],
    },
    {
      heading: 'How long we keep it',
      list: [
        'Photos and results: until you delete them, or until your account is closed.',
        'Account data: while your account is open; deleted within 30 days of closing it.',
        'Backups: overwritten within 30 days, so deleted data leaves them within that time.',
      ],
    },
    {
      heading: 'Your choices and rights',
      paragraphs: [
        'You can delete saved results from your gallery at any time. You can ask us for a copy of your data, to correct it, to delete your account, or to object to a use of it. Write to us and we will answer within one month.',
        `Contact: ${PRIVACY_CONTACT}. You may also complain to your local data protection authority.`,
      ],
    },
  ],
};

export default privacy;
