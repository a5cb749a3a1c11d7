import { Link } from 'react-router-dom';

export default function QuickStart() {
  return (
    <>
      <p>
        VTON Studio places a garment from one photo onto your model photos. You need a verified account, one garment photo and at least
        one model photo. Each model takes about 30-60 seconds, and every model in a batch is processed in parallel.
      </p>

      <h2>1. Create your account</h2>
      <p>
        Choose <strong>Get Started Free</strong> and register with your e-mail address and a password of at least 8 characters with an
        uppercase letter, a lowercase letter and a number. Open the verification e-mail and click its link — it is valid for 24 hours.
        Once verified you can sign in and open <strong>Try on</strong>.
      </p>

      <h2>2. Upload the garment</h2>
      <p>
        Drop your product photo on <em>Drop your product photo here</em> or click it to browse. JPG, PNG and WebP are accepted. The
        garment shows its file name and the status <em>Ready for cropping</em>.
      </p>

      <h2>3. Crop it</h2>
      <p>
        Click <strong>Crop</strong>. Move and resize the square so that it frames the whole garment, then <strong>Confirm</strong>. The
        status changes to <em>Cropped &amp; ready</em>. See <Link to="/docs/crop-masking">Cropping &amp; Masking</Link> for the details.
      </p>

      <h2>4. Import model photos</h2>
      <p>
        Drop one or more photos on <em>Add model photos</em>. Each photo appears as a thumbnail. Click a thumbnail to open the mask
        editor, paint over the area the garment should cover, and click <strong>Approve</strong>. The tile shows <em>Processing</em>, then
        a check mark: the model is ready.
      </p>

      <h2>5. Describe the result</h2>
      <p>
        Write a short prompt in <em>Enter generation prompt...</em>, for example “fitted violet cotton T-shirt, tucked in, soft studio
        light”. The <Link to="/docs/prompt-guide">prompt guide</Link> has more examples.
      </p>

      <h2>6. Generate</h2>
      <p>
        Click <strong>Try on</strong>. It is enabled once the garment is cropped and at least one model is ready; only ready models are
        sent. The gallery button shows a spinner while results are generated. <strong>Mock</strong> runs a test generation that uses no
        credits — handy to learn the workflow.
      </p>

      <h2>7. Review and download</h2>
      <p>
        The first result opens in the generation view. Open the gallery drawer to see every result, click one to view it full screen, and
        download it as a PNG. <Link to="/docs/export-results">Exporting Results</Link> explains the viewer and the gallery.
      </p>
    </>
  );
}
