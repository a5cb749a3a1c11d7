import type { ReactNode } from 'react';
import styled from 'styled-components';
import { toast } from '@vton/shell-sdk';
import { Button, Spinner } from '@vton/ui';
import { DropZone, useFilePicker } from '../../../components/DropZone';
import { ProgressBar, Section, SectionTitle } from '../../../components/Section';
import { errorMessage } from '../../../lib/upload';
import {
  modelStatusFromRecord,
  useWorkspace,
  useWorkspaceStore,
  workspaceActions,
  type WorkspaceModelPhoto,
} from '../../../stores/workspaceStore';
import { uploadModelPhotos } from '../api/uploadModelPhotos';

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

let keyCounter = 0;

function ModelTile({ model, selected, onSelect, extra }: { model: WorkspaceModelPhoto; selected: boolean; onSelect: () => void; extra?: ReactNode }) {
  const label = `${model.filename}${model.status === 'ready' ? ' (mask approved)' : model.status === 'processing' ? ' (processing)' : ''}`;
  return (
    <li>
      <Tile
        type="button"
        $selected={selected}
        aria-label={label}
        aria-pressed={selected}
        disabled={model.id === null}
        onClick={onSelect}
        data-status={model.status}
      >
        <img src={model.maskThumbnailUrl ?? model.thumbnailUrl} alt="" />
        {model.status === 'processing' && (
          <Overlay>
            <Spinner size={18} />
            Processing
          </Overlay>
        )}
        {model.status === 'ready' && <Check aria-hidden="true">✓</Check>}
        {extra}
      </Tile>
    </li>
  );
}

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
  const inpaintKey = useWorkspace((s) => s.inpaintModelKey);

  const upload = async (files: File[]) => {
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
        uploadedAt: new Date().toISOString(),
      };
    });
    const keys = new Set(placeholders.map((p) => p.key));
    store.setState((s) => ({ models: [...s.models, ...placeholders], modelsUploadProgress: 0 }));
    try {
      const records = await uploadModelPhotos(files, (fraction) => store.setState({ modelsUploadProgress: fraction }));
      store.setState((s) => ({
        models: s.models.map((m) => {
          const index = placeholders.findIndex((p) => p.key === m.key);
          const record = records[index];
          if (index < 0 || !record) return m;
          return {
            ...m,
            key: `model-${record.id}`,
            id: record.id,
            filename: record.filename,
            url: record.url,
            thumbnailUrl: record.thumbnailUrl,
            width: record.width,
            height: record.height,
            status: modelStatusFromRecord(record),
            inpaint: record.inpaint,
            uploadedAt: record.uploadedAt,
          };
        }),
      }));
    } catch (error) {
      store.setState((s) => ({ models: s.models.filter((m) => !keys.has(m.key)) }));
      toast({ title: 'Upload failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      store.setState({ modelsUploadProgress: null });
      placeholders.forEach((p) => URL.revokeObjectURL(p.url));
    }
  };

  const picker = useFilePicker(true, (files) => void upload(files), 'Add more model photos');
  const uploading = progress !== null;

  return (
    <Section aria-labelledby="models-title">
      <Header>
        <SectionTitle id="models-title">Import models</SectionTitle>
        {models.length > 0 && (
          <Count data-testid="model-count">
            {models.length} {models.length === 1 ? 'photo' : 'photos'}
          </Count>
        )}
      </Header>
      {models.length === 0 ? (
        <DropZone title="Add model photos" hint="Select one or more photos" multiple inputLabel="Model photos" onFiles={(files) => void upload(files)} />
      ) : (
        <>
          <Grid aria-label="Model photos">
            {models.map((model) => (
              <ModelTile
                key={model.key}
                model={model}
                selected={model.key === inpaintKey}
                onSelect={() => workspaceActions(store).openInpaint(model.key)}
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
        <ProgressBar $value={progress ?? 0} role="progressbar" aria-label="Model photos upload" aria-valuenow={Math.round((progress ?? 0) * 100)} aria-valuemin={0} aria-valuemax={100} />
      )}
      {picker.element}
    </Section>
  );
}
