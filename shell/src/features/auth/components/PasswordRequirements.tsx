import styled from 'styled-components';
import { VisuallyHidden } from '@vton/ui';
import { PASSWORD_REQUIREMENTS } from '../utils/validation';

const List = styled.ul`
  display: grid;
  gap: 4px;
  margin: 4px 0 0;
  padding: 0;
  list-style: none;
  font-size: 13px;
`;

const Item = styled.li<{ $met: boolean }>`
  display: flex;
  align-items: center;
  gap: 8px;
  color: ${({ $met, theme }) => ($met ? theme.colors.success : theme.colors.textMuted)};
  &::before { content: '${({ $met }) => ($met ? '✓' : '•')}'; width: 12px; text-align: center; }
`;

/** Spec §2: the password requirements, each marked as met while the person types. */
export function PasswordRequirements({ id, password }: { id: string; password: string }) {
  return (
    <List id={id} aria-label="Password requirements">
      {PASSWORD_REQUIREMENTS.map((rule) => {
        const met = rule.test(password);
        return (
          <Item key={rule.id} $met={met}>
            {rule.label}
            <VisuallyHidden>{met ? ' (met)' : ' (not met)'}</VisuallyHidden>
          </Item>
        );
      })}
    </List>
  );
}
