import { useEffect, useId, useRef, type ReactNode } from 'react';
import { RECOMMENDED_MIN_PIXELS } from '@vton/contracts';
import styled from 'styled-components';
import { toast } from '@vton/shell-sdk';
import { Button, Spinner } from '@vton/ui';
import { DropZone, NOT_AN_IMAGE, useFilePicker } from '../../../components/DropZone';
import { ProgressBar, Section, SectionTitle, uploadStatusText } from '../../../components/Section';
import { errorMessage } from '../../../lib/upload';
import {
  modelFromRecord,
  useWorkspace,
  useWorkspaceStore,
  workspaceActions,
  type WorkspaceModelPhoto,
} from '../../../stores/workspaceStore';
import { uploadModelPhotos } from '../api/uploadModelPhotos';
import { removeModelPhoto } from '../api/removeModelPhoto';
import { toolOpenerProps } from '../../../hooks/useToolFocusReturn';

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 8px;
`;

const Count = styled.span`
  font-size: 13px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Grid = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(88px, 1fr));
  gap: 8px;
  list-style: none;
  /* flush with the section's edges, like the drop zone and the garment above */
  margin: 0;
  padding: 0;
`;

const Item = styled.li`
  position: relative;
`;

const RemoveButton = styled.button`
  position: absolute;
  top: 4px;
  left: 4px;
  width: 26px;
  height: 26px;
  display: grid;
  place-items: center;
  padding: 0;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.borderStrong};
  background: rgba(5, 5, 10, 0.8);
  color: #fff;
  font-size: 15px;
  line-height: 1;
  cursor: pointer;
  opacity: 0;
  transition: opacity 0.15s ease;
  ${Item}:hover &,
  ${Item}:focus-within &,
  &:focus-visible { opacity: 1; }
  @media (hover: none) { opacity: 1; }
  &:hover { background: ${({ theme }) => theme.colors.destructive}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 1px; }
`;

const UploadStatus = styled.span`
  font-size: 12px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Tile = styled.button<{ $selected: boolean }>`
  position: relative;
  display: block;
  width: 100%;
  aspect-ratio: 3 / 4;
  padding: 0;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 2px solid ${({ theme, $selected }) => ($selected ? theme.colors.accent : theme.colors.border)};
  background: ${({ theme }) => theme.colors.surfaceRaised};
  cursor: pointer;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focusRing}; outline-offset: 2px; }
  img { width: 100%; height: 100%; object-fit: cover; display: block; }
`;

const Overlay = styled.span`
  position: absolute;
  inset: 0;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: 6px;
  background: rgba(5, 5, 10, 0.6);
  color: #fff;
  font-size: 12px;
`;

const Check = styled.span`
  position: absolute;
  top: 6px;
  right: 6px;
  width: 22px;
  height: 22px;
  border-radius: 50%;
  display: grid;
  place-items: center;
  background: ${({ theme }) => theme.colors.success};
  color: #0b0b12;
  font-size: 13px;
  font-weight: 700;
`;

const LowResolution = styled.span<{ $belowCheck: boolean }>`
  position: absolute;
  /* above what a tile adds after it (a suggested mask's preview covers the whole photo) */
  z-index: 1;
  top: ${({ $belowCheck }) => ($belowCheck ? '32px' : '6px')};
  right: 6px;
  padding: 1px 6px;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: rgba(160, 100, 10, 0.92);
  color: #fff;
  font-size: 10px;
  font-weight: 700;
  line-height: 1.4;
`;

/** Spec §1 recommends at least 2 MP: a smaller photo is taken, with a word on its tile (issue 32). */
export function lowResolutionWarning(model: Pick<WorkspaceModelPhoto, 'width' | 'height'>): string | null {
  if (!model.width || !model.height || model.width * model.height >= RECOMMENDED_MIN_PIXELS) return null;
  return `Low resolution (${model.width}×${model.height} px, under the recommended 2 MP): results will be soft.`;
}

let keyCounter = 0;

function ModelTile({ model, selected, onSelect, onRemove, extra }: { model: WorkspaceModelPhoto; selected: boolean; onSelect: () => void; onRemove: () => void; extra?: ReactNode }) {
  const label = `${model.filename}${model.status === 'ready' ? ' (mask approved)' : model.status === 'processing' ? ' (processing)' : ''}`;
  const warning = lowResolutionWarning(model);
  const warningId = useId();
  return (
    <Item>
      <Tile
        type="button"
        $selected={selected}
        aria-label={label}
        aria-pressed={selected}
        aria-describedby={warning ? warningId : undefined}
        disabled={model.id === null}
        onClick={onSelect}
        data-status={model.status}
        data-model-tile
        {...toolOpenerProps('mask', model.key)}
      >
        <img src={model.maskThumbnailUrl ?? model.thumbnailUrl} alt="" />
        {model.status === 'processing' && (
          <Overlay>
            <Spinner size={18} />
            Processing
          </Overlay>
        )}
        {model.status === 'ready' && <Check aria-hidden="true">✓</Check>}
        {warning && (
          <LowResolution $belowCheck={model.status === 'ready'} title={warning} data-testid="low-resolution">
            <span aria-hidden="true">Low res</span>
            <span id={warningId} hidden>
              {warning}
            </span>
          </LowResolution>
        )}
        {extra}
      </Tile>
      {model.id !== null && (
        <RemoveButton type="button" onClick={onRemove} aria-label={`Remove ${model.filename}`} title="Remove from the batch">
          <span aria-hidden="true">×</span>
        </RemoveButton>
      )}
    </Item>
  );
}

/** Each photo in its own request, two at a time: one bad file never takes the good ones with it. */
const UPLOADS_AT_ONCE = 2;

export interface ModelPhotosSectionProps {
  /** Shown under the tiles (the workspace puts "Suggest all masks" there). */
  tools?: ReactNode;
  /** More on a tile (e.g. its suggested mask). */
  tileExtra?: (model: WorkspaceModelPhoto) => ReactNode;
}

/** Spec §2 "Import models": many photos, a count, add more, tiles that open the mask editor. */
export function ModelPhotosSection({ tools, tileExtra }: ModelPhotosSectionProps = {}) {
  const store = useWorkspaceStore();
  const models = useWorkspace((s) => s.models);
  const progress = useWorkspace((s) => s.modelsUploadProgress);
  const editedKey = useWorkspace((s) => s.maskModelKey);
  const sectionRef = useRef<HTMLElement>(null);
  // a tile removed from the keyboard takes its remove button (and the focus) with it: focus goes to the photo now at its place
  const focusAfterRemove = useRef<number | null>(null);
  useEffect(() => {
    const index = focusAfterRemove.current;
    if (index === null) return;
    focusAfterRemove.current = null;
    const tiles = sectionRef.current?.querySelectorAll<HTMLElement>('[data-model-tile]') ?? [];
    // the next photo, else the previous one, else the drop zone that shows when none is left
    const target = tiles[Math.min(index, tiles.length - 1)] ?? sectionRef.current?.querySelector<HTMLElement>('[role="button"]');
    target?.focus();
  }, [models]);

  const upload = async (files: File[], refusedBefore: string[] = []) => {
    const placeholders: WorkspaceModelPhoto[] = files.map((file) => {
      const url = URL.createObjectURL(file);
      keyCounter += 1;
      return {
        key: `local-${keyCounter}`,
        id: null,
        filename: file.name,
        url,
        thumbnailUrl: url,
        width: 0,
        height: 0,
        status: 'processing',
        maskThumbnailUrl: null,
        inpaint: null,
        masks: {},
        uploadedAt: new Date().toISOString(),
      };
    });
    store.setState((s) => ({ models: [...s.models, ...placeholders], modelsUploadProgress: 0 }));
    // progress over the whole batch, by bytes sent
    const sent = files.map(() => 0);
    const totalBytes = files.reduce((sum, file) => sum + Math.max(1, file.size), 0);
    const report = () => store.setState({ modelsUploadProgress: files.reduce((sum, file, i) => sum + sent[i] * Math.max(1, file.size), 0) / totalBytes });
    const refused: string[] = [...refusedBefore];
    const uploadOne = async (index: number) => {
      const placeholder = placeholders[index];
      try {
        const [record] = await uploadModelPhotos([files[index]], (fraction) => {
          sent[index] = fraction;
          report();
        });
        store.setState((s) => ({
          models: s.models.map((m) =>
            m.key !== placeholder.key
              ? m
              : { ...m, ...modelFromRecord(record) },
          ),
        }));
      } catch (error) {
        sent[index] = 1;
        report();
        store.setState((s) => ({ models: s.models.filter((m) => m.key !== placeholder.key) }));
        refused.push(`${files[index].name}: ${errorMessage(error)}`);
      } finally {
        URL.revokeObjectURL(placeholder.url);
      }
    };
    let next = 0;
    await Promise.all(
      Array.from({ length: Math.min(UPLOADS_AT_ONCE, files.length) }, async () => {
        while (next < files.length) await uploadOne(next++);
      }),
    );
    store.setState({ modelsUploadProgress: null });
    if (refused.length > 0) reportRefused(refused, files.length + refusedBefore.length);
  };

  // one toast naming every refused file (a newer toast would replace an earlier one)
  const reportRefused = (reasons: string[], offered: number) => {
    const added = offered - reasons.length;
    toast({
      title: `${reasons.length} of ${offered} ${offered === 1 ? 'photo' : 'photos'} not added`,
      description: `${reasons.join('; ')}${added > 0 ? `. The other ${added} ${added === 1 ? 'was' : 'were'} added.` : ''}`,
      variant: 'destructive',
    });
  };

  const take = (files: File[]) => {
    const notImages = pendingRefused.current;
    pendingRefused.current = [];
    void upload(files, notImages.map((f) => `${f.name}: ${NOT_AN_IMAGE}`));
  };
  // the drop zone reports non-images first, then hands over the images: both end in one toast
  const pendingRefused = useRef<File[]>([]);
  const refuse = (files: File[]) => {
    pendingRefused.current = files;
    // when nothing else is coming (only non-images), say so now
    queueMicrotask(() => {
      if (pendingRefused.current === files) {
        pendingRefused.current = [];
        reportRefused(files.map((f) => `${f.name}: ${NOT_AN_IMAGE}`), files.length);
      }
    });
  };

  const remove = async (model: WorkspaceModelPhoto) => {
    if (model.id === null) return;
    const state = store.getState();
    const index = state.models.findIndex((m) => m.key === model.key);
    if (state.maskModelKey === model.key) workspaceActions(store).closeTool();
    const removedItem = sectionRef.current?.querySelectorAll('[data-model-tile]')[index]?.parentElement;
    if (removedItem?.contains(document.activeElement)) focusAfterRemove.current = index;
    store.setState((s) => ({ models: s.models.filter((m) => m.key !== model.key) }));
    try {
      await removeModelPhoto(model.id);
    } catch (error) {
      // put it back where it was
      store.setState((s) => {
        if (s.models.some((m) => m.key === model.key)) return {};
        const models = [...s.models];
        models.splice(Math.min(index, models.length), 0, model);
        return { models };
      });
      toast({ title: 'Could not remove the photo', description: errorMessage(error), variant: 'destructive' });
    }
  };

  // one input for the drop zone and "Add more", named after what shows
  const picker = useFilePicker(true, take, models.length === 0 ? 'Model photos' : 'Add more model photos', refuse);
  const uploading = progress !== null;

  return (
    <Section aria-labelledby="models-title" ref={sectionRef}>
      <Header>
        <SectionTitle id="models-title">Import models</SectionTitle>
        {models.length > 0 && (
          <Count data-testid="model-count">
            {models.length} {models.length === 1 ? 'photo' : 'photos'}
          </Count>
        )}
      </Header>
      {models.length === 0 ? (
        <DropZone title="Add model photos" hint="Select one or more photos" multiple onFiles={take} onRefused={refuse} onBrowse={picker.open} />
      ) : (
        <>
          <Grid aria-label="Model photos">
            {models.map((model) => (
              <ModelTile
                key={model.key}
                model={model}
                selected={model.key === editedKey}
                onSelect={() => workspaceActions(store).openMaskEditor(model.key)}
                onRemove={() => void remove(model)}
                extra={tileExtra?.(model)}
              />
            ))}
          </Grid>
          {tools}
          <Button variant="outline" size="sm" onClick={picker.open} disabled={uploading}>
            Add more
          </Button>
        </>
      )}
      {uploading && (
        <>
          <UploadStatus role="status">{uploadStatusText(progress ?? 0)}</UploadStatus>
          <ProgressBar value={progress ?? 0} label="Model photos upload" />
        </>
      )}
      {picker.element}
    </Section>
  );
}
