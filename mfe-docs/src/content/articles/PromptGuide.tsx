export default function PromptGuide() {
  return (
    <>
      <p>
        The prompt tells the generator what the garment is and how it should sit on the model. It goes in the text box under the model
        photos (<em>Enter generation prompt...</em>, which grows from 3 to 8 rows) and is used for every model in the batch. Each result
        keeps the prompt it was made with.
      </p>

      <h2>What to describe</h2>
      <ul>
        <li><strong>The garment</strong>: type, colour, fabric and pattern — “navy linen shirt with white pinstripes”.</li>
        <li><strong>The fit</strong>: “relaxed fit”, “cropped”, “oversized”, “slim”.</li>
        <li><strong>How it is worn</strong>: “sleeves rolled to the elbow”, “tucked in”, “unbuttoned over a white tee”.</li>
        <li><strong>The light</strong>, when it matters: “soft studio light”, “warm daylight”, to match your model photos.</li>
      </ul>

      <h2>Examples</h2>
      <ul>
        <li>fitted violet cotton T-shirt with a lime chest stripe, tucked into dark jeans, soft studio light</li>
        <li>oversized grey wool hoodie, hood down, sleeves slightly bunched at the wrists</li>
        <li>knee-length floral summer dress, thin straps, natural drape, warm daylight</li>
      </ul>

      <h2>What to avoid</h2>
      <ul>
        <li>Describing the person (“make her taller”): the model photo stays as it is outside the mask.</li>
        <li>Asking for a garment that does not match the mask: a long coat will not fit a mask painted as a T-shirt.</li>
        <li>Contradictions such as “loose slim fit”, and long lists of styles.</li>
      </ul>

      <h2>Iterating</h2>
      <p>
        Try a prompt with <strong>Mock</strong> first to check the workflow without using credits, then run one or two models for real.
        When a prompt works, keep it for the whole batch so that your catalog looks consistent.
      </p>
    </>
  );
}
