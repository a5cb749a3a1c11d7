/** The documentation's sections and article ids (spec §2); texts arrive with the docs issue. */
export interface DocArticle {
  id: string;
  title: string;
  description: string;
  tags: string[];
}

export interface DocSection {
  title: string;
  articles: DocArticle[];
}

export const DOC_SECTIONS: DocSection[] = [
  {
    title: 'Getting Started',
    articles: [
      { id: 'quick-start', title: 'Quick Start Guide', description: 'Your first try-on in a few minutes.', tags: ['basics'] },
      { id: 'best-practices', title: 'Best Practices', description: 'Photos and prompts that give the best results.', tags: ['quality'] },
    ],
  },
  {
    title: 'Tutorials',
    articles: [
      { id: 'crop-masking', title: 'Cropping & Masking', description: 'Crop the garment and paint where it goes.', tags: ['crop', 'mask'] },
      { id: 'prompt-guide', title: 'Using Prompts', description: 'Write prompts that steer the result.', tags: ['prompt'] },
      { id: 'export-results', title: 'Exporting Results', description: 'Download and reuse your results.', tags: ['export'] },
    ],
  },
  {
    title: 'Reference',
    articles: [
      { id: 'faq', title: 'FAQ', description: 'Answers to common questions.', tags: ['help'] },
      { id: 'troubleshooting', title: 'Troubleshooting', description: 'When something does not look right.', tags: ['help'] },
      { id: 'keyboard-shortcuts', title: 'Keyboard Shortcuts', description: 'Pan, zoom, undo and brush keys.', tags: ['keyboard'] },
    ],
  },
];

export const DEFAULT_ARTICLE_ID = 'quick-start';

export function findArticle(id: string | undefined): DocArticle | undefined {
  return DOC_SECTIONS.flatMap((section) => section.articles).find((article) => article.id === id);
}
