import { PRIVACY_CONTACT, type LegalDocumentContent } from './types';

const gdpr: LegalDocumentContent = {
  summary:
    'How VTON Studio meets the EU General Data Protection Regulation for the e-mail addresses and photos it stores, and how to use your rights.',
  sections: [
    {
      heading: 'Controller and processor',
      paragraphs: [
        'For your account and the photos you upload, we are the controller. If you upload photos of other people — your models — you are responsible for having a lawful basis, such as their consent, for using their images; for that content we act on your instructions.',
      ],
    },
    {
      heading: 'Legal bases',
      list: [
        'Performance of a contract: your account, storage of your photos, generation of results, service e-mails.',
        'Legitimate interest: security logs and fraud prevention, kept for up to 30 days.',
        'Legal obligation: billing records where tax law requires them.',
      ],
    },
    {
      heading: 'Your rights',
      list: [
        'Access: a copy of your account data, photos and results.',
        'Rectification: correct your e-mail address or other account data.',
        'Erasure: delete results from your gallery yourself, or ask us to close the account and erase everything.',
        'Portability: your results as the PNG files you generated, and your account data in a machine-readable format.',
        'Restriction and objection: ask us to pause or stop a use based on legitimate interest.',
      ],
      paragraphs: [`Send requests to ${PRIVACY_CONTACT}. We answer within one month and may ask you to confirm the request from your account's e-mail address.`],
    },
    {
      heading: 'Security',
      list: [
        'Passwords are stored only as salted one-way hashes.',
        'Sign-in tokens are signed and expire; accounts must verify their e-mail address before signing in.',
        'Photos live in access-controlled storage and are served through short-lived signed links.',
        'All traffic to the service is encrypted in transit.',
      ],
    },
    {
      heading: 'International transfers and processors',
      paragraphs: [
        'We use hosting, object storage and e-mail providers under data processing agreements (Art. 28 GDPR). Where one of them processes data outside the European Economic Area, the transfer is covered by the European Commission’s Standard Contractual Clauses.',
      ],
    },
    {
      heading: 'Breaches and complaints',
      paragraphs: [
        'If a personal data breach is likely to put your rights at risk, we notify the supervisory authority within 72 hours and tell you without undue delay. You can lodge a complaint with the data protection authority of the country where you live or work.',
      ],
    },
  ],
};

export default gdpr;
