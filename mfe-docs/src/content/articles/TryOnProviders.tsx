/** Setup, time and cost per try-on provider as the providers publish them, and where products go (sources: svc-generation README, research notes). */
export default function TryOnProviders() {
  return (
    <>
      <p>
        The studio can make its try-ons with the built-in engine or with a hosted try-on model you already pay for. Whichever you
        choose, the studio sends the provider only the part of each model photo around your mask, puts the answer back into the full photo
        and keeps the result at the photo’s exact size, as a PNG.
      </p>

      <h2>The built-in engine is a preview</h2>
      <p>
        Without a provider, the studio uses its built-in engine, and labels every result it makes <strong>Preview — built-in engine</strong>.
        It is not a try-on model: it cuts your garment out of its photo (a plain background or a transparent PNG), fits it, opaque, to the
        shape of the mask you painted — a top from its neckline and shoulders to its hem, trousers leg by leg, a dress from the shoulders
        down — and lights it with the photo’s overall light, so nothing of the clothes underneath shows through. A product is placed standing
        on the mask’s lower edge, at its own proportions, with a soft shadow. That is enough to check placement, size and colour in a
        minute on your own server, for free. It does not redraw the garment on the body: no drape, no folds where the body bends, no
        sleeves around arms the mask does not cover, and the garment keeps the look of its flat photo. For images you can publish, configure
        one of the providers below.
      </p>

      <h2>What the mask guarantee means</h2>
      <p>
        Hosted try-on models redraw the whole picture they receive: faces, hands, background and fabric outside the garment come back
        slightly changed, and at the model’s own resolution. The studio never uses that picture as it is. It blends the provider’s garment
        into your photo through the mask you painted, softened over a few pixels at its edge. <strong>Every pixel outside the softened mask
        is exactly the pixel of the photo you uploaded</strong> — for JPG, PNG and WebP, including phone photos that are rotated or in
        Display P3 colour (they are stored upright and shown in sRGB, as your browser shows them). Camera and location metadata are
        removed from what is stored.
      </p>

      <h2>The providers</h2>
      <table>
        <thead>
          <tr>
            <th>Provider</th>
            <th>Time per image (as published)</th>
            <th>Cost per image (as published)</th>
            <th>Garment category</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>Built-in engine (<code>local</code>): a preview, not a try-on</td>
            <td>under a second</td>
            <td>free, runs on your own server</td>
            <td>not needed</td>
          </tr>
          <tr>
            <td>FASHN Virtual Try-On v1.6 (<code>fashn</code>)</td>
            <td>5 s (performance), 8 s (balanced), 12–17 s (quality)</td>
            <td>1 FASHN API credit; see FASHN’s API pricing for the credit price</td>
            <td>tops, bottoms, one-pieces</td>
          </tr>
          <tr>
            <td>Google Vertex AI Virtual Try-On (<code>vertex</code>)</td>
            <td>not published</td>
            <td>see the Imagen section of Vertex AI’s pricing page</td>
            <td>not taken</td>
          </tr>
          <tr>
            <td>fal.ai hosted models (<code>fal</code>): Leffa, CatVTON, Kolors, FASHN v1.6 on fal</td>
            <td>depends on the model and fal’s queue</td>
            <td>see each model’s page on fal.ai (CatVTON is marked research-only)</td>
            <td>Leffa, CatVTON and FASHN</td>
          </tr>
        </tbody>
      </table>
      <p>
        Choose the garment category in the studio’s garment section (Upper body, Lower body or Full length; Upper body unless you change
        it); the studio passes it to the providers that take one. The fourth choice, <strong>Product</strong>, is for anything that is not
        worn: those jobs go to a placement engine instead (Google Gemini, OpenAI, Black Forest Labs FLUX.2 or a fal.ai edit model, chosen
        with <code>PLACEMENT_PROVIDER</code>) — see <a href="/docs/placing-products">Placing any product</a>.
      </p>

      <h2>Setting a provider up</h2>
      <p>The provider is chosen by whoever runs the studio, with environment variables of the generation service:</p>
      <ul>
        <li>
          <strong>Built-in engine:</strong> nothing to set; it is the default, and its results are labelled as previews.{' '}
          <code>VTON_PROVIDER=seed</code> with <code>VTON_API_URL</code> uses a service that speaks the studio’s own multipart contract
          instead.
        </li>
        <li>
          <strong>FASHN:</strong> <code>VTON_PROVIDER=fashn</code> and <code>FASHN_API_KEY</code> (from FASHN’s Developer API dashboard).
          Optional: <code>FASHN_MODE</code> (<code>performance</code>, <code>balanced</code> or <code>quality</code>),{' '}
          <code>FASHN_MODEL</code> (default <code>tryon-v1.6</code>), <code>FASHN_API_URL</code>. FASHN returns the images inline and keeps
          no copy.
        </li>
        <li>
          <strong>Google Vertex AI:</strong> <code>VTON_PROVIDER=vertex</code>; <code>GOOGLE_APPLICATION_CREDENTIALS</code> pointing at a
          service-account JSON key with access to Vertex AI (or, on Google Cloud, the machine’s own credentials); optionally{' '}
          <code>GOOGLE_CLOUD_PROJECT</code>, <code>GOOGLE_CLOUD_LOCATION</code> (default <code>us-central1</code>),{' '}
          <code>VERTEX_MODEL</code> (default <code>virtual-try-on-001</code>) and <code>VERTEX_API_URL</code>. Google allows 50 try-on
          requests a minute per project and region by default, and images up to 10 MB (the studio shrinks what it sends to fit).
          Google’s <a href="https://docs.cloud.google.com/gemini-enterprise-agent-platform/models/vto/virtual-try-on-001">model page</a>{' '}
          gives <code>virtual-try-on-001</code> a support end date of 14 September 2026 and a retirement date of 15 March 2027, and names
          no replacement (as of 28 November 2026): plan to move try-on to FASHN or fal.ai before then. Until then the generation service
          logs a warning with that date when it starts; from that date it logs an error, and every try-on with it fails.
        </li>
        <li>
          <strong>fal.ai:</strong> <code>VTON_PROVIDER=fal</code>, <code>FAL_KEY</code> and <code>FAL_MODEL</code> (default{' '}
          <code>fal-ai/leffa/virtual-tryon</code>; also <code>fal-ai/cat-vton</code>, <code>fal-ai/kling/v1-5/kolors-virtual-try-on</code>,{' '}
          <code>fal-ai/fashn/tryon/v1.6</code>), each called with the field names fal publishes for it. <code>FAL_QUEUE_URL</code> changes
          the queue address (a proxy). The same key can also serve product placement (<code>FAL_PLACEMENT_MODEL</code>).
        </li>
      </ul>
      <p>Keys are read from the environment (a Kubernetes Secret in a cluster) and never written to the logs.</p>

      <h2>When a provider is busy or fails</h2>
      <ul>
        <li>
          A provider that is rate-limiting the studio is waited out for as long as it asks: nothing more is sent to it until then, from any
          part of the studio, and the waiting models go on afterwards.
        </li>
        <li>
          A model that fails shows the error under its tile (for example <em>VTON API request failed: 429 Too Many Requests…</em>); the
          results that succeeded are kept, and the failed model can be tried again.
        </li>
        <li>A provider that does not answer within the generation service’s time limit fails that model, never the whole batch.</li>
      </ul>
    </>
  );
}
