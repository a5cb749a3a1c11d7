/** Spec §3 "FAQ item". */
export interface FaqItem {
  question: string;
  answer: string;
}

export const FAQ_ITEMS: readonly FaqItem[] = [
  {
    question: 'What photos do I need to get started?',
    answer:
      'One photo of your garment or product and one or more model photos. JPG, PNG and WebP are accepted, with no size or dimension limits. For the sharpest results use photos of at least 2 MP, with even light and the whole garment in view.',
  },
  {
    question: 'How long does a try-on take?',
    answer:
      'About 30-60 seconds per model. Every model photo in a batch is processed in parallel, so a batch of 5-10 models — the size we recommend — is ready in roughly the time of one.',
  },
  {
    question: 'How do I show the studio where the garment goes?',
    answer:
      'Crop your garment to a square, then paint a mask over the area it should cover on each model photo: a brush from 5 to 100 px, an eraser, undo and redo. Approve the mask and the model is marked ready; only ready models are sent for generation.',
  },
  {
    question: 'What quality are the results?',
    answer:
      'Results are PNG files that keep the dimensions of your model photo, up to 4K. Open any result full screen to zoom in and check the details before you download it.',
  },
  {
    question: 'Can I use the images commercially?',
    answer:
      'Yes. Every plan includes commercial use without restriction: product pages, marketplaces, ads and social posts.',
  },
  {
    question: 'What happens to credits I do not use?',
    answer:
      'They roll over to the next month and never expire. Starter includes 50 credits a month, Professional 500, and Enterprise is unlimited.',
  },
  {
    question: 'Is there a free trial, and can I cancel?',
    answer:
      'Every plan starts with a 7-day free trial and no credit card is required. You can cancel at any time, and paid plans come with a 14-day money-back guarantee.',
  },
  {
    question: 'Who can see my photos?',
    answer:
      'Only you. Your garment photos, model photos and results are stored privately in your account, and you can delete saved results from your gallery at any time. Our Privacy Policy explains what we keep and for how long.',
  },
];
