import { useState } from 'react';
import styled from 'styled-components';
import { apiErrorMessage } from '@vton/shell-sdk';
import { GARMENT_CATEGORIES, GARMENT_CATEGORY_LABELS, type GarmentRecord, type ModelPhotoRecord } from '@vton/contracts';
import { Button, Fieldset, Textarea, Fetched } from '@vton/ui';
import { ThumbnailList } from '../../../components/StackedList';
import { hasMaskFor, planRun } from '../utils/runPlan';

export interface RunPlannerProps {
  products: { data?: GarmentRecord[]; isPending: boolean; error: unknown; refetch: () => void };
  models: { data?: ModelPhotoRecord[]; isPending: boolean; error: unknown; refetch: () => void };
  /** Credits left (null: unlimited; undefined: billing off or not known). */
  creditsLeft?: number | null;
  starting: boolean;
  onStart: (request: { garmentIds: number[]; modelIds: number[]; prompt: string }) => void;
}

const Panel = styled.form`
  display: flex;
  flex-direction: column;
  gap: 16px;
`;

const ChoiceSet = styled(Fieldset)`
  legend { font-size: 13px; font-weight: 600; letter-spacing: 0.06em; text-transform: uppercase; color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: 8px; }
`;

const Choices = styled(ThumbnailList)`
  max-height: 240px;
  label {
    display: flex;
    align-items: center;
    gap: 10px;
    padding: 6px 8px;
    border-radius: ${({ theme }) => theme.radii.sm};
    cursor: pointer;
    font-size: 14px;
    &:hover { background: rgba(255, 255, 255, 0.04); }
  }
  small { white-space: nowrap; }
`;

const Row = styled.div`
  display: flex;
  gap: 8px;
  align-items: center;
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
  button { font: inherit; background: none; border: 0; color: ${({ theme }) => theme.colors.primary}; cursor: pointer; padding: 0; }
`;

const Summary = styled.p`
  font-size: 14px;
  strong { font-weight: 600; }
  span { display: block; font-size: 12px; color: ${({ theme }) => theme.colors.textMuted}; margin-top: 4px; }
`;

const Message = styled.div`
  font-size: 14px;
  color: ${({ theme }) => theme.colors.textMuted};
  display: flex;
  align-items: center;
  gap: 8px;
  flex-wrap: wrap;
`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Choose products and model photos, see how many cells (and credits) that is, start. */
export function RunPlanner({ products, models, creditsLeft, starting, onStart }: RunPlannerProps) {
  const [garmentIds, setGarmentIds] = useState<number[]>([]);
  const [modelIds, setModelIds] = useState<number[]>([]);
  const [prompt, setPrompt] = useState('');
  const chosenProducts = (products.data ?? []).filter((p) => garmentIds.includes(p.id));
  const chosenModels = (models.data ?? []).filter((m) => modelIds.includes(m.id));
  const plan = planRun(chosenProducts, chosenModels);
  const usable = (products.data ?? []).filter((p) => p.croppedUrl);
  const short = typeof creditsLeft === 'number' && plan.runs > creditsLeft;

  return (
    <Panel
      aria-label="Start a catalogue run"
      onSubmit={(event) => {
        event.preventDefault();
        // The grid keeps the order in which they are listed.
        onStart({ garmentIds: usable.filter((p) => garmentIds.includes(p.id)).map((p) => p.id), modelIds: (models.data ?? []).filter((m) => modelIds.includes(m.id)).map((m) => m.id), prompt });
      }}
    >
      <ChoiceSet>
        <legend>Products</legend>
        <Fetched reason={apiErrorMessage} state={products} note={Message} loading="Loading your products…" failed="Your products could not be loaded.">
          {usable.length === 0 ? (
            <Message>No cropped products yet: upload and crop one in the workspace first.</Message>
          ) : (
            <ChoiceList
              noun="product"
              choices={usable.map((p) => ({ id: p.id, thumbnailUrl: p.croppedUrl!, name: p.name, note: GARMENT_CATEGORY_LABELS[p.category] }))}
              chosen={garmentIds}
              onChange={setGarmentIds}
            />
          )}
        </Fetched>
      </ChoiceSet>
      <ChoiceSet>
        <legend>Model photos</legend>
        <Fetched reason={apiErrorMessage} state={models} note={Message} loading="Loading your model photos…" failed="Your model photos could not be loaded.">
          {(models.data ?? []).length === 0 ? (
            <Message>No model photos yet: add them in the workspace.</Message>
          ) : (
            <ChoiceList
              noun="model photo"
              choices={models.data!.map((m) => ({ id: m.id, thumbnailUrl: m.thumbnailUrl, name: m.filename, note: masksLabel(m) }))}
              chosen={modelIds}
              onChange={setModelIds}
            />
          )}
        </Fetched>
      </ChoiceSet>
      <Textarea aria-label="Prompt for every product" placeholder="Enter generation prompt..." rows={3} value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      <Summary aria-live="polite" data-testid="run-plan">
        {/* credits only where they are counted: an unlimited plan takes none from a balance, billing off has none */}
        <strong>
          {plural(plan.cells, 'cell')}
          {typeof creditsLeft === 'number' && ` · ${plural(plan.runs, 'credit')}`}
        </strong>
        {plan.skipped > 0 && <span>{plural(plan.skipped, 'cell')} will be skipped: the model photo has no mask for the product’s category.</span>}
        {typeof creditsLeft === 'number' && <span>{plural(creditsLeft, 'credit')} left{short ? ' — not enough for this run' : ''}</span>}
        {creditsLeft === null && <span>Unlimited credits</span>}
      </Summary>
      <Button type="submit" disabled={plan.cells === 0 || starting || short}>
        {starting ? 'Starting…' : 'Start run'}
      </Button>
    </Panel>
  );
}

function masksLabel(model: ModelPhotoRecord): string {
  const categories = GARMENT_CATEGORIES.filter((c) => hasMaskFor(model, c));
  return categories.length ? categories.map((c) => GARMENT_CATEGORY_LABELS[c]).join(', ') : 'No mask yet';
}

/** The products or model photos to choose from: how many are chosen, All / None, a checkbox each. */
function ChoiceList({ noun, choices, chosen, onChange }: { noun: string; choices: { id: number; thumbnailUrl: string; name: string; note: string }[]; chosen: number[]; onChange: (ids: number[]) => void }) {
  const all = chosen.length === choices.length;
  const toggle = (id: number) => (chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);
  return (
    <>
      <Row>
        {plural(chosen.length, noun)} chosen ·{' '}
        <button type="button" onClick={() => onChange(all ? [] : choices.map((c) => c.id))}>
          {all ? 'None' : 'All'}
        </button>
      </Row>
      <Choices>
        {choices.map((c) => (
          <li key={c.id}>
            <label>
              <input type="checkbox" checked={chosen.includes(c.id)} onChange={() => onChange(toggle(c.id))} />
              <img src={c.thumbnailUrl} alt="" />
              <span>{c.name}</span>
              <small>{c.note}</small>
            </label>
          </li>
        ))}
      </Choices>
    </>
  );
}
