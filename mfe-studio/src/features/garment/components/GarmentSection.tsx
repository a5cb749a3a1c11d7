import styled from 'styled-components';
import { productRenamed, toast } from '@vton/shell-sdk';
import { Button } from '@vton/ui';
import { DropZone, NOT_AN_IMAGE, useFilePicker } from '../../../components/DropZone';
import { ProgressBar, Section, SectionTitle, uploadStatusText } from '../../../components/Section';
import { errorMessage } from '../../../lib/upload';
import { garmentFromRecord, useWorkspace, useWorkspaceStore, workspaceActions } from '../../../stores/workspaceStore';
import { uploadGarment } from '../api/uploadGarment';
import { GarmentCategoryControl } from './GarmentCategoryControl';
import { updateProduct } from '../../../lib/productLibrary';
import { toolOpenerProps } from '../../../hooks/useToolFocusReturn';
import { ProductPicker } from './ProductPicker';

const Row = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
`;

const Thumb = styled.img`
  width: 56px;
  height: 56px;
  flex: none;
  object-fit: contain;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: #fff;
`;

const Meta = styled.div`
  min-width: 0;
  flex: 1;
  display: flex;
  flex-direction: column;
  gap: 4px;
`;

const FileName = styled.span`
  font-size: 14px;
  font-weight: 500;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Status = styled.span<{ $done: boolean }>`
  font-size: 12px;
  color: ${({ theme, $done }) => ($done ? theme.colors.success : theme.colors.textMuted)};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 8px;
`;

/** Spec §2 garment section: drop zone, then filename, status, replace and crop. */
export function GarmentSection() {
  const store = useWorkspaceStore();
  const garment = useWorkspace((s) => s.garment);
  const tool = useWorkspace((s) => s.tool);
  const garmentCategory = useWorkspace((s) => s.garmentCategory);

  /**
   * `replacing`: the current product's photo is replaced (it keeps its id, its crop is cleared);
   * otherwise the photo becomes a new product of the library and the current one stays in it.
   */
  const upload = async (file: File, { replacing }: { replacing: boolean }) => {
    const previous = store.getState().garment;
    const replaced = replacing ? (previous?.id ?? undefined) : undefined;
    const localUrl = URL.createObjectURL(file);
    if (store.getState().tool === 'crop') workspaceActions(store).closeTool();
    store.setState({
      garment: {
        id: replaced ?? null,
        filename: file.name,
        url: localUrl,
        width: 0,
        height: 0,
        croppedUrl: null,
        cropData: null,
        uploadProgress: 0,
        uploadedAt: new Date().toISOString(),
      },
    });
    try {
      const record = await uploadGarment(
        file,
        (fraction) => store.setState((s) => (s.garment ? { garment: { ...s.garment, uploadProgress: fraction } } : {})),
        replaced,
        store.getState().garmentCategory,
      );
      store.setState({ garment: garmentFromRecord(record) });
      // A product never renamed is called after its photo: a new photo renames it, and its results follow.
      if (replaced !== undefined && previous?.name !== undefined && record.name !== previous.name) productRenamed(record.id, record.name);
    } catch (error) {
      store.setState({ garment: previous });
      toast({ title: 'Upload failed', description: errorMessage(error), variant: 'destructive' });
    } finally {
      URL.revokeObjectURL(localUrl);
    }
  };

  const refuse = (files: File[]) =>
    toast({ title: 'Not added', description: files.map((f) => `${f.name}: ${NOT_AN_IMAGE}`).join('; '), variant: 'destructive' });
  // one input for the drop zone and "Replace", named after what shows
  const picker = useFilePicker(false, (files) => void upload(files[0], { replacing: true }), garment ? 'Replace garment photo' : 'Garment photo', refuse);
  // Replace changes the product in the library; a catalogue needs more than one
  const newProduct = useFilePicker(false, (files) => void upload(files[0], { replacing: false }), 'New product photo', refuse);
  const uploading = garment?.uploadProgress != null;
  const cropped = Boolean(garment?.croppedUrl);

  return (
    <Section aria-labelledby="garment-title">
      <SectionTitle id="garment-title">Garment</SectionTitle>
      {!garment ? (
        <DropZone
          title="Drop your product photo here"
          hint="PNG, JPG up to 10MB"
          onFiles={(files) => void upload(files[0], { replacing: false })}
          onRefused={refuse}
          onBrowse={picker.open}
        />
      ) : (
        <>
          <Row>
            <Thumb src={garment.croppedUrl ?? garment.url} alt="" />
            <Meta>
              <FileName title={garment.filename}>{garment.filename}</FileName>
              {uploading ? (
                <>
                  <Status $done={false} role="status">
                    {uploadStatusText(garment.uploadProgress ?? 0)}
                  </Status>
                  <ProgressBar value={garment.uploadProgress ?? 0} label="Garment upload" />
                </>
              ) : (
                <Status $done={cropped} data-testid="garment-status">
                  {cropped ? 'Cropped & ready' : 'Ready for cropping'}
                </Status>
              )}
            </Meta>
          </Row>
          <Actions>
            <Button variant="outline" size="sm" onClick={picker.open} disabled={uploading}>
              Replace
            </Button>
            <Button
              variant={cropped ? 'outline' : 'secondary'}
              size="sm"
              onClick={() => workspaceActions(store).openCrop()}
              {...toolOpenerProps('crop')}
              disabled={uploading || garment.id === null || tool === 'crop'}
            >
              Crop
            </Button>
            <Button variant="outline" size="sm" onClick={newProduct.open} disabled={uploading}>
              New product
            </Button>
          </Actions>
        </>
      )}
      {picker.element}
      {newProduct.element}
      <ProductPicker
        currentId={garment?.id ?? null}
        onPick={(product) => {
          // A product of the library instead of a new upload: its crop and its category come with it.
          if (store.getState().tool === 'crop') workspaceActions(store).closeTool();
          store.setState({ garment: garmentFromRecord(product) });
          workspaceActions(store).setGarmentCategory(product.category);
        }}
        onRenamed={(product) => {
          // the workspace's product and this session's results of it take the new name at once (the drawer, the viewer's download)
          store.setState((s) => (s.garment?.id === product.id ? { garment: { ...s.garment, name: product.name } } : {}));
          productRenamed(product.id, product.name);
        }}
        onDeleted={(product) => {
          if (store.getState().garment?.id === product.id) workspaceActions(store).garmentGone();
        }}
      />
      <GarmentCategoryControl
        value={garmentCategory}
        onChange={(category) => {
          workspaceActions(store).setGarmentCategory(category);
          // The category is the product's own (the library keeps it, a catalogue run uses it).
          const id = store.getState().garment?.id;
          if (id) updateProduct(id, { category }).catch((error) => toast({ title: 'Category not saved', description: errorMessage(error), variant: 'destructive' }));
        }}
      />
    </Section>
  );
}
