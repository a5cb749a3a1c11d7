export default function ExportResults() {
  return (
    <>
      <p>
        Every result is a PNG with the same dimensions as the model photo it was made from, up to 4K. Results can be used commercially
        without restriction on every plan.
      </p>

      <h2>The generation view</h2>
      <p>When a try-on finishes, the first result opens on the canvas. Close it to go back to your garment and models.</p>

      <h2>The gallery drawer</h2>
      <p>
        The gallery button in the workspace opens a drawer over the page with every result of the session, newest first, labelled{' '}
        <em>Result #n</em>. While generations run, placeholder tiles count the progress (for example 2/5). The button’s badge counts the
        results you have not seen yet. Close the drawer with its close button, by clicking outside it or with Escape.
      </p>

      <h2>Full-screen viewer</h2>
      <ul>
        <li>Click a result to open it full screen: <em>Scroll to zoom • Drag to pan • ESC to close</em>.</li>
        <li>Zoom from 10% to 800%; pinch works on touch screens. The zoom percentage button returns to 100%.</li>
        <li><strong>Download</strong> saves the full-size image as <code>vton-result-fullscreen.png</code>.</li>
        <li>Escape closes the viewer first, then the drawer.</li>
      </ul>

      <h2>The gallery page</h2>
      <p>
        <strong>Gallery</strong> in the navigation (shown when you are signed in) lists your saved results together with the new ones of
        this session, marked <em>New</em>. Hover a tile to download it as <code>vton-result-n.png</code> or, for saved images, to delete
        it. Opening the gallery marks your results as seen.
      </p>

      <h2>Using the files</h2>
      <ul>
        <li>PNG keeps every detail; convert to JPG or WebP in your shop’s image pipeline if it needs smaller files.</li>
        <li>Because results keep the model photo’s size, upload model photos at the size your storefront needs.</li>
      </ul>
    </>
  );
}
