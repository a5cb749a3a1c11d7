export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalDocumentContent {
  /** Plain-language summary shown under the title. */
  summary: string;
  sections: LegalSection[];
}

/** Where privacy and legal requests go; the operating company sets the real mailbox here. */
export const PRIVACY_CONTACT = 'privacy@vtonstudio.example';
export const LAST_UPDATED = '21 November 2026';
