const QUESTIONS: { question: string; answer: string }[] = [
  { question: 'Which file formats can I upload?', answer: 'JPG, PNG and WebP, for garment and model photos alike. Results are always PNG.' },
  { question: 'Is there a size limit?', answer: 'No image size or dimension limit. We recommend at least 2 MP for sharp results; the result keeps the model photo’s dimensions, up to 4K.' },
  { question: 'How long does a generation take?', answer: 'About 30-60 seconds per model. Models in a batch are processed in parallel, so 5-10 models — the recommended batch — take about as long as one.' },
  { question: 'Why is the Try on button disabled?', answer: 'It needs a cropped garment and at least one model with an approved mask. Crop the garment and approve a mask; see Troubleshooting for more.' },
  { question: 'What does Mock do?', answer: 'It runs a test generation that returns sample results after a few seconds and uses no credits, so you can try the workflow.' },
  { question: 'How many credits do I get?', answer: 'Starter includes 50 generation credits a month, Professional 500 and Enterprise unlimited. Unused credits roll over and never expire.' },
  { question: 'Can I sell products with these images?', answer: 'Yes. Commercial use is allowed without restriction on every plan.' },
  { question: 'Is there an API?', answer: 'API access is included with Professional; Enterprise adds full API and webhook access.' },
  { question: 'Who can see my photos?', answer: 'Only you. Photos and results are private to your account, and you can delete saved results from the gallery at any time.' },
  { question: 'I did not get the verification e-mail.', answer: 'Check your spam folder. The link is valid for 24 hours; if it expired, register again with the same address or contact support.' },
];

export default function Faq() {
  return (
    <>
      <p>Quick answers to the questions we hear most. For error messages, see Troubleshooting.</p>
      {QUESTIONS.map(({ question, answer }) => (
        <section key={question}>
          <h2>{question}</h2>
          <p>{answer}</p>
        </section>
      ))}
    </>
  );
}
