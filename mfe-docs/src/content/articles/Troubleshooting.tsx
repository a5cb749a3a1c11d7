import { DataTable } from '@vton/ui';

const GENERATION: [string, string][] = [
  ['The Try on button stays disabled', 'Crop the garment (status “Cropped & ready”) and approve the mask of at least one model photo (its tile shows a check mark).'],
  ['No ready models available', 'None of your model photos has an approved mask. Open a model, paint the mask and click Approve, then try again.'],
  ['Model … does not have inpaint mask data', 'That model’s mask was not saved. Open it, repaint the mask and click Approve.'],
  ['VTON Generation Failed', 'The generation service returned an error; the toast shows its message. Wait a moment and click Try on again. A message starting with “VTON API request failed: 503” means the service is busy.'],
  ['All VTON requests failed: …', 'Every model in the batch failed; the messages are listed after the colon. Check the photos (format JPG, PNG or WebP, garment fully visible) and try again with fewer models. When only some models fail, the successful results are kept.'],
  ['Generation failed', '“Failed to generate try-on. Please try again.” Something went wrong before the service answered — usually the connection. Retry; if it persists, reload the page.'],
  ['Crop failed', '“Failed to crop garment. Please try again.” The photo could not be read in the browser. Re-save it as JPG or PNG and upload it again.'],
  ['Mock VTON Generation Failed', 'The test generation did not complete. Reload the page and try again; it does not use credits.'],
  ['A model goes back to “uploaded” after Approve', 'Preparing its mask failed. Open the model and approve the mask again.'],
];

const ACCOUNT: [string, string][] = [
  ['Email verification required', 'Click the link in the verification e-mail before signing in. It is valid for 24 hours; check your spam folder.'],
  ['Invalid credentials', 'The e-mail address or password is wrong. Passwords are case-sensitive.'],
  ['Account already exists', 'An account with this e-mail address exists. Sign in instead.'],
  ['Password requirements not met', 'Use at least 8 characters with an uppercase letter, a lowercase letter and a number.'],
  ['Invalid verification link / Verification failed', 'The link is incomplete or expired. Open the newest e-mail and click the whole link, or register again.'],
  ['Authentication Required', 'The page needs you to be signed in. Sign in and you will be taken to the workspace.'],
];

const QUALITY: [string, string][] = [
  ['The garment lands in the wrong place', 'The mask decides where the garment goes. Repaint it to cover the whole area, a little past the edges.'],
  ['The result is blurry', 'Use photos of at least 2 MP and crop the garment tightly: the cropped square is scaled to 960 × 960.'],
  ['Colours do not match', 'Shoot the garment and the model photos in similar light, and mention the colour in the prompt.'],
  ['A page shows “could not be loaded”', 'A part of the site did not load. Click Try again; your work in other tabs is not affected.'],
];

function Table({ caption, rows }: { caption: string; rows: [string, string][] }) {
  return <DataTable caption={caption} columns={['Message or symptom', 'What to do']} rows={rows} rowKey={([message]) => message} cells={(row) => row} rowHeaders />;
}

export default function Troubleshooting() {
  return (
    <>
      <p>Find the message you saw, or the symptom, and what to do about it.</p>
      <h2>Generation</h2>
      <Table caption="Generation errors" rows={GENERATION} />
      <h2>Signing in and registering</h2>
      <Table caption="Account errors" rows={ACCOUNT} />
      <h2>Result quality and loading</h2>
      <Table caption="Quality and loading problems" rows={QUALITY} />
    </>
  );
}
