import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { buttonStyles, type ButtonSize, type ButtonVariant } from '@vton/ui';

/** A link that looks like the UI kit's button: navigation stays a real <a href>. */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant; $size?: ButtonSize }>`
  ${buttonStyles}
`;
