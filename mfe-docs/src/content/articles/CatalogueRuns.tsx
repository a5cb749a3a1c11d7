/** Catalogue runs: many products on many model photos, the grid, the archive (sources: svc-generation README "Catalogue runs", mfe-studio README). */
export default function CatalogueRuns() {
  return (
    <>
      <p>
        A collection is many products on the same few models. Instead of repeating the workspace for each product, a <strong>catalogue run</strong>{' '}
        puts every product you choose on every model photo you choose in one go, fills a grid with the results as they finish, and gives you
        everything as one ZIP.
      </p>

      <h2>Before you start: products and masks</h2>
      <ul>
        <li>
          Every garment or product you upload stays in your <strong>product library</strong>, with its name (the file’s name) and its{' '}
          <strong>category</strong>: Upper body, Lower body, Full length or Product. In the workspace, <strong>New product</strong> adds the next
          one (Replace changes the photo of the one shown) and <strong>Choose from your products</strong> brings an earlier one back. Crop each
          product once. A product’s name labels its row in the grid and its files in the ZIP: in <strong>Choose from your products</strong>, the
          pencil beside a product (the one in the workspace too) renames it and the bin deletes it; its results stay in your gallery.
        </li>
        <li>
          A model photo keeps <strong>one mask per category</strong>, so the same model serves tops and trousers. In the workspace, choose the
          category, then paint and approve the mask (or use Suggest all masks): it is kept as that category’s mask.
        </li>
        <li>Each product is tried on with its own category’s mask. A model photo without one is skipped for that product, and the grid says why.</li>
      </ul>

      <h2>Start a run</h2>
      <ol>
        <li>
          Open <a href="/app/runs">Catalogue</a>, the tab beside Workspace.
        </li>
        <li>Tick the products (rows of the grid) and the model photos (its columns); All and None tick every one.</li>
        <li>
          Write a prompt for every product. The page says how many cells that is, how many will be skipped, and how many credits the run uses:
          one per cell that runs.
        </li>
        <li>Press Start run. Up to 500 cells per run.</li>
      </ol>
      <p>
        Every cell is a try-on on the same queue as the workspace’s, so a large run never holds up anyone else’s single try-on, and your own
        workspace keeps working while the run goes on. The run lives on the server: close the tab and come back later, it is still there under{' '}
        <em>Your runs</em>.
      </p>

      <h2>The grid</h2>
      <ul>
        <li>Each cell shows Queued, Running (with the attempt), the result’s thumbnail when done, or Failed, Skipped or Cancelled with the reason.</li>
        <li>Click a result (or press Enter on it) to open the viewer: zoom, pan, and Download saves it as <code>product__model.png</code>.</li>
        <li>
          Retry runs a failed cell again (a skipped one too, once the model photo has the mask); <em>Retry N failed</em> runs every failed cell
          again. <em>Cancel the rest</em> stops what has not finished; finished cells keep their results and cancelled ones cost nothing.
        </li>
        <li>
          With the keyboard: Tab to the grid, then the arrows, Home and End (with Ctrl: the first and last cell), Page Up and Page Down move
          between cells. On a phone the grid scrolls within itself.
        </li>
      </ul>

      <h2>Download all</h2>
      <p>
        <strong>Download all</strong> gives one ZIP of every result at full resolution, each named after its product and model photo (
        <code>Red shirt__anna.png</code>; a name used twice gets “ (2)”), and <code>manifest.csv</code> listing every cell: product, model,
        category, state, file and error. Each result is also in your gallery.
      </p>

      <h2>From the API</h2>
      <p>
        <code>POST /api/try-on/runs</code> with <code>garmentIds</code>, <code>modelIds</code> and a <code>prompt</code> (and optional per-product{' '}
        <code>prompts</code>) starts a run; <code>GET /api/try-on/runs/{'{id}'}</code> returns every cell as the grid fills; the{' '}
        <code>run.completed</code> webhook says when it is done, with its counts; <code>GET /api/try-on/runs/{'{id}'}/archive</code> downloads
        the ZIP. See <a href="/docs/api-quick-start">API quick start</a> for a run with curl and <a href="/docs/api-catalogue-runs">Catalogue runs API</a>{' '}
        for every route.
      </p>
    </>
  );
}
