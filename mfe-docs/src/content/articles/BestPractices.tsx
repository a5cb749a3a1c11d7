import { Link } from 'react-router-dom';

export default function BestPractices() {
  return (
    <>
      <p>The try-on can only be as good as the photos and the mask it gets. These habits give the most convincing results.</p>

      <h2>Garment photos</h2>
      <ul>
        <li>Use at least 2 MP (for example 1600 × 1250 px); larger is fine — there is no size or dimension limit.</li>
        <li>Show the whole garment, flat-lay or on a hanger, straight on, without folds that hide prints or logos.</li>
        <li>Prefer a plain, light background and even light without hard shadows.</li>
        <li>Crop tightly around the garment: the cropped square is scaled to fit 960 × 960 on white, so empty margin costs detail.</li>
      </ul>

      <h2>Model photos</h2>
      <ul>
        <li>Use at least 2 MP. The result keeps the model photo’s dimensions, so the photo you upload is the size you get back (up to 4K).</li>
        <li>Front-facing poses with arms away from the torso are the easiest to dress; crossed arms and bags over the garment area are hard.</li>
        <li>Keep the lighting of your model photos close to the garment photo, so colours match.</li>
        <li>The garment should suit the pose: a long coat needs the model photo to show the legs.</li>
      </ul>

      <h2>Masks</h2>
      <ul>
        <li>Paint the whole area the garment should cover, a little past its edges — sleeves, collar and hem included.</li>
        <li>Use a large brush (40-80 px) for the body and a small one (5-15 px) around hands and hair.</li>
        <li>Keep hardness around the default 80%: soft edges blend, but very soft masks make blurry borders.</li>
        <li>Do not paint over faces or hands unless the garment covers them.</li>
      </ul>

      <h2>Batches</h2>
      <p>
        Send 5-10 models per batch. Every model is processed in parallel in 30-60 seconds, so a batch takes roughly as long as one model,
        and a smaller batch is easier to review. If one model fails, the others’ results are still kept.
      </p>

      <h2>Prompts</h2>
      <p>
        Describe the garment and how it is worn, not the person. Reuse a prompt that worked across the whole batch for a consistent
        catalog. See <Link to="/docs/prompt-guide">Using Prompts</Link>.
      </p>
    </>
  );
}
