import styled from 'styled-components';
import { Card, photoCaption } from '@vton/ui';
import { publicAsset } from '../../../lib/publicAsset';

/** A card of the kit with a stronger edge, as the figure of the demo. */
const Frame = styled(Card)`
  margin: 56px auto 0;
  max-width: 880px;
  padding: 20px;
  border-color: ${({ theme }) => theme.colors.borderStrong};
  figcaption { margin-top: 14px; color: ${({ theme }) => theme.colors.textMuted}; font-size: 14px; }
`;

const Steps = styled.ol`
  display: grid;
  grid-template-columns: 1fr 0.6fr 1fr;
  align-items: center;
  gap: 16px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Step = styled.li`
  position: relative;
  img {
    width: 100%;
    height: auto;
    border-radius: ${({ theme }) => theme.radii.md};
    background: #ddd6cb;
  }
`;

const Label = styled.span`
  ${photoCaption}
  left: 10px;
  top: 10px;
  padding: 2px 10px;
  font-weight: 600;
`;

// Rendered width of a photo column: about 30% of a phone's width, 312 px in the 880 px frame.
const SIZES = '(max-width: 767px) 30vw, 312px';

/** A 480 × 600 photo of the demo (demo/demo-<name>.webp) with its 240 px version for phones. */
function DemoPhoto({ name, alt, first }: { name: string; alt: string; first?: boolean }) {
  return (
    <img
      src={publicAsset(`demo/demo-${name}.webp`)}
      srcSet={`${publicAsset(`demo/demo-${name}-240.webp`)} 240w, ${publicAsset(`demo/demo-${name}.webp`)} 480w`}
      sizes={SIZES}
      width={480}
      height={600}
      fetchPriority={first ? 'high' : undefined}
      alt={alt}
    />
  );
}

/**
 * The hero's demo: a real before/after made the way the product composes a try-on (garment
 * fitted into the painted mask of the model photo; scripts/make-demo-images.mjs). Every image
 * carries its size so nothing moves when it arrives.
 */
export function DemoBox() {
  return (
    <Frame as="figure">
      <Steps>
        <Step>
          <Label>Before</Label>
          {/* The desktop LCP element: fetched first (fetchPriority), the others follow normally. */}
          <DemoPhoto name="model" first alt="Model wearing a plain grey T-shirt" />
        </Step>
        <Step>
          <Label>Garment</Label>
          <img src={publicAsset('demo/demo-garment.webp')} width={240} height={240} alt="Garment photo: violet T-shirt with a lime stripe" />
        </Step>
        <Step>
          <Label>After</Label>
          <DemoPhoto name="result" alt="Try-on result: the same model wearing the violet T-shirt" />
        </Step>
      </Steps>
      <figcaption>One garment photo, one model photo, one painted mask: the try-on result keeps the model photo&apos;s size.</figcaption>
    </Frame>
  );
}
