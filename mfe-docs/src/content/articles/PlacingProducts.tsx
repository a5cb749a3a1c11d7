/**
 * The Product category: when to choose it, the mask, prompts, and the placement engines (sources: svc-generation README
 * "Placement engines"; prices from the providers' own pages, read on 28 November 2026 — fal.ai's model pages, Black Forest
 * Labs' pricing, Google's Gemini 3.1 Flash Image model page for its image tokens; Google's and OpenAI's per-image prices could
 * not be read from their own pages, so the article links them).
 */
export default function PlacingProducts() {
  return (
    <>
      <p>
        Anything that is not worn as a garment — a handbag, a watch, sunglasses, shoes, a perfume bottle, a lamp — is placed into your photo
        rather than tried on. Choose <strong>Product</strong> in the garment section’s category control, paint where the product goes, write
        how it should sit, and press Try on. The studio keeps your photo as it is outside the area you painted, at its exact size.
      </p>

      <h2>When to choose Product</h2>
      <ul>
        <li>
          <strong>Upper body, Lower body, Full length</strong> are for clothing on a person: the job goes to the try-on provider, which fits
          the garment to the body.
        </li>
        <li>
          <strong>Product</strong> is for every other object, on a person or not: on a table, on a shelf, in a hand, on a wrist. The job goes
          to the placement engine, which draws the product from your product photo into the painted area, in the scene’s light and
          perspective.
        </li>
      </ul>
      <p>The category is kept with your workspace, so it is still chosen when you come back.</p>

      <h2>Painting the mask</h2>
      <p>
        Mask suggestions find where a garment goes on a body; for a product the place is yours to choose, so with Product the studio says{' '}
        <em>Paint where the product goes</em> instead of offering a suggestion.
      </p>
      <ul>
        <li>Paint the whole area the product should take, a little larger than the product itself; include the surface it stands on.</li>
        <li>Keep the painted shape roughly the product’s proportions: a tall bottle needs a tall area, a watch a small one on the wrist.</li>
        <li>Nothing outside the painted area changes: hands, faces and the background stay exactly as in your photo.</li>
        <li>Crop the product photo tightly on a plain background: that is what the engine copies its label, shape and colour from.</li>
      </ul>

      <h2>Prompt tips</h2>
      <p>
        Every engine that takes a prompt is told the same thing: place the product from your product photo into the painted area of the
        photo, keep its label, printed text, shape, proportions and colours exactly, match the photo’s light, shadows, perspective and
        scale, and change nothing else. Your prompt is added as your direction, so use it for what only you know:
      </p>
      <ul>
        <li>Where and how it sits: “standing on the marble counter”, “held in the left hand”, “on the wrist, dial facing the camera”.</li>
        <li>Its size in the scene: “a 30 ml bottle, about the height of the cup beside it”.</li>
        <li>Light you want matched: “soft window light from the left, a faint shadow on the table”.</li>
      </ul>
      <p>Leave out changes to the rest of the photo: anything outside the painted area is kept as it is whatever the prompt says.</p>

      <h2>Which engine, and what it costs</h2>
      <p>The engine is chosen by whoever runs the studio, with <code>PLACEMENT_PROVIDER</code> (garments keep going to the try-on provider):</p>
      <table>
        <thead>
          <tr>
            <th>Engine</th>
            <th>Set up with</th>
            <th>Cost per image (as the provider publishes it)</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Built-in compositor (<code>local</code>, the default)</td>
            <td>nothing</td>
            <td>free, runs on your own server; a preview, not a generative model</td>
          </tr>
          <tr>
            <td>Google Gemini image models (<code>gemini</code>, default <code>gemini-3.1-flash-image</code>)</td>
            <td>
              <code>GEMINI_API_KEY</code> (Gemini API), or without it the Google Cloud service account of Vertex AI (
              <code>GOOGLE_APPLICATION_CREDENTIALS</code>, <code>GOOGLE_CLOUD_PROJECT</code>, <code>GOOGLE_CLOUD_LOCATION</code>);{' '}
              <code>GEMINI_MODEL</code>
            </td>
            <td>
              billed in output image tokens: Google’s model page counts 1,120 tokens for a 1K image and 1,680 for a 2K one (the studio asks
              1K or 2K by the size of the painted area); the price per token is on Google’s pricing page (
              <a href="https://ai.google.dev/gemini-api/docs/pricing">Gemini API</a>,{' '}
              <a href="https://cloud.google.com/vertex-ai/generative-ai/pricing">Vertex AI</a>)
            </td>
          </tr>
          <tr>
            <td>OpenAI image edit (<code>openai</code>, default <code>gpt-image-2.6-sunburst</code>)</td>
            <td>
              <code>OPENAI_API_KEY</code>; <code>OPENAI_IMAGE_MODEL</code> (<code>gpt-image-2.6-sunburst</code>,{' '}
              <code>gpt-image-2.6-flare</code>, <code>gpt-image-2.5-sunburst</code>, <code>gpt-image-2</code>). OpenAI shuts{' '}
              <code>gpt-image-1.5</code> down on 1 December 2026 and has shut <code>gpt-image-1</code> down (
              <a href="https://developers.openai.com/api/docs/deprecations">OpenAI’s deprecations page</a>)
            </td>
            <td>
              billed in image tokens (the input images and the output image, by size and quality); see{' '}
              <a href="https://openai.com/api/pricing/">OpenAI’s pricing page</a>
            </td>
          </tr>
          <tr>
            <td>Black Forest Labs FLUX.2 (<code>bfl</code>, default <code>flux-2-pro</code>)</td>
            <td>
              <code>BFL_API_KEY</code>; <code>BFL_MODEL</code> (<code>flux-2-pro</code>, <code>flux-2-max</code>, <code>flux-2-flex</code>)
            </td>
            <td>
              billed per megapixel of input and output: FLUX.2 [pro] image editing from $0.045 (
              <a href="https://docs.bfl.ai/quick_start/pricing">Black Forest Labs’ pricing</a>, as of 28 November 2026)
            </td>
          </tr>
          <tr>
            <td>fal.ai edit models (<code>fal</code>)</td>
            <td>
              <code>FAL_KEY</code> and <code>FAL_PLACEMENT_MODEL</code> (<code>fal-ai/nano-banana-2/edit</code>,{' '}
              <code>fal-ai/flux-2-pro/edit</code>); one fal key can serve try-on and placement
            </td>
            <td>
              <code>fal-ai/nano-banana-2/edit</code>: $0.08 per image at 1K, 1.5 times that at 2K (
              <a href="https://fal.ai/models/fal-ai/nano-banana-2/edit">its fal.ai page</a>, as of 28 November 2026);{' '}
              <code>fal-ai/flux-2-pro/edit</code>: $0.03 for the first megapixel of output plus $0.015 per further megapixel of input and
              output, each rounded up (<a href="https://fal.ai/models/fal-ai/flux-2-pro/edit">its fal.ai page</a>, as of 28 November 2026)
            </td>
          </tr>
        </tbody>
      </table>
      <p>
        The studio sends each engine only the part of the photo around your mask (with enough of the scene for its light), your product
        photo and, where the engine takes one, the mask; it puts the answer back into the full photo through the mask. Results are PNG at
        your photo’s size, and the viewer names the engine that made each one (for example <em>Made with Google Gemini</em>).
      </p>
      <p>
        Providers shut old models down. When the generation service starts with a model its provider has already shut down, it logs an
        error naming the model and what to set instead (every placement with it fails). A model with a shutdown date ahead still runs,
        and the service logs a warning with that date.
      </p>

      <h2>When an engine refuses or fails</h2>
      <ul>
        <li>
          An engine’s safety system may refuse a photo, a product or a prompt. The model then fails at once with a message saying so, for
          example <em>Failed to process VTON request: OpenAI refused to place the product for safety reasons (moderation_blocked)</em>;
          it is not tried again, since it would be refused again. Change the photo or the prompt and retry the model.
        </li>
        <li>An engine that is busy (rate limiting) is waited out for as long as it asks, and the waiting models go on afterwards.</li>
        <li>Other failures show under the model’s tile like those of the try-on providers; the results that succeeded are kept.</li>
      </ul>
    </>
  );
}
