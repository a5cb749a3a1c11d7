import { Link } from 'react-router-dom';

export default function CropMasking() {
  return (
    <>
      <p>
        Two tools prepare a try-on: the crop tool frames the garment, and the mask editor marks where it goes on each model photo. Only
        one of them is open at a time; while it is open the canvas takes the main area and the sidebar shrinks (below 1024 px wide the
        sidebar is hidden until you close the tool).
      </p>

      <h2>Cropping the garment</h2>
      <ol>
        <li>After uploading the garment, click <strong>Crop</strong>.</li>
        <li>A square appears, 960 px of the original photo wide and centred (smaller if the photo is smaller).</li>
        <li>Drag inside the square to move it, drag a corner handle to resize it. Its label shows the size in pixels, up to 960 px; the smallest square is 20 px.</li>
        <li>Click <strong>Confirm</strong>. The garment is scaled down to fit 960 × 960, centred on a white square and saved as PNG. It is never scaled up, so a small crop stays small and sharp.</li>
      </ol>
      <p>
        <strong>Cancel</strong> closes the tool and resets the zoom. Replacing the garment clears the crop, so crop the new photo again.
      </p>

      <h2>Painting the mask</h2>
      <p>Click a model thumbnail to open the mask editor for it. The toolbar has:</p>
      <ul>
        <li><strong>Brush</strong> — paints the mask. Size 5 to 100 px (default 20), hardness 0 to 100% (default 80).</li>
        <li><strong>Eraser</strong> — removes paint with the same size.</li>
        <li><strong>Clear</strong> — empties the mask.</li>
        <li><strong>Undo</strong> and <strong>Redo</strong> — the last 20 steps are kept; a new stroke after an undo clears the redo steps.</li>
        <li><strong>Suggest mask</strong> — finds the person on the photo and masks where the garment goes (see below).</li>
        <li><strong>Cancel</strong> — closes without saving; <strong>Approve</strong> — saves the mask.</li>
      </ul>
      <p>
        Zoom from 10% to 500% with the mouse wheel and pan with Space + drag or the middle mouse button; the zoom percentage button resets
        the view. All keys are on the <Link to="/docs/keyboard-shortcuts">Keyboard Shortcuts</Link> page.
      </p>

      <h2>Suggested masks</h2>
      <p>
        In the garment section, choose the garment category — <strong>Upper body</strong> (shoulders to hips, arms to the elbows),
        <strong>Lower body</strong> (waist to ankles) or <strong>Full length</strong> (shoulders to below the knees) — then click{' '}
        <strong>Suggest mask</strong> in the editor, or <strong>Suggest all masks</strong> for every photo without an approved mask
        (<em>Suggesting 3/8…</em>; <strong>Cancel</strong> stops it). The suggestion never covers the face, the hair or the hands. It is one
        step in the editor: <strong>Undo</strong> (Ctrl+Z) removes it, and the brush and eraser refine it. Nothing is approved until you
        click <strong>Approve</strong>, or <strong>Approve all</strong> once every suggestion is in. A photo without a person, or where the
        garment’s part of the body is not in the picture, says <em>No person found — paint the mask by hand</em>.
      </p>
      <p>
        Suggestions wait for you: after a reload, or in another browser, each photo shows its suggestion again with{' '}
        <strong>Approve all</strong>. A suggestion belongs to the garment category it was made for — switch to <strong>Lower body</strong>{' '}
        and the upper-body suggestions step aside until you switch back; approving a photo’s mask for one category leaves its suggestion for
        another waiting.
      </p>
      <p>
        The person is found on your own device: the first suggestion downloads the model once (about 12 MB, with its progress), then
        your browser keeps it. Your photos are not sent anywhere for it. A browser that cannot run the model says so once; paint the masks
        by hand there.
      </p>

      <h2>After approval</h2>
      <p>
        The model tile shows <em>Processing</em> while the mask is prepared, then a check mark: the model is <em>ready</em> and will be
        used by <strong>Try on</strong>. If preparing the mask fails, the model goes back to <em>uploaded</em>; open it and approve again.
        Switching to another model clears the canvas and opens that model’s mask.
      </p>

      <h2>Resizing the sidebar</h2>
      <p>
        Drag the separator between the sidebar and the canvas, or focus it and use the left and right arrow keys (20 px per press). The
        sidebar stays between 240 and 600 px wide.
      </p>
    </>
  );
}
