import { useId, useState } from 'react';
import styled from 'styled-components';
import { LandingSection } from '../../../components/Section';
import { FAQ_ITEMS, type FaqItem } from '../data/faq';
import { toggleFaq, type OpenFaq } from '../utils/faqState';

const List = styled.div`
  max-width: 820px;
  margin: 0 auto;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
`;

const Item = styled.div`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h3 { font-size: 17px; font-weight: 600; }
`;

const Trigger = styled.button`
  display: flex;
  width: 100%;
  align-items: center;
  justify-content: space-between;
  gap: 16px;
  padding: 20px 4px;
  border: 0;
  background: transparent;
  text-align: left;
  font-weight: 600;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.primaryHover}; }
  svg { flex: none; transition: transform 0.2s ease; }
  &[aria-expanded='true'] svg { transform: rotate(45deg); }
`;

const Panel = styled.div`
  padding: 0 4px 20px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

/** Spec §2/§4: eight questions, one open at a time; clicking the open one closes it. */
export function FaqAccordion({ items = FAQ_ITEMS }: { items?: readonly FaqItem[] }) {
  const [open, setOpen] = useState<OpenFaq>(null);
  const baseId = useId();
  return (
    <List>
      {items.map((item, index) => {
        const buttonId = `${baseId}-q${index}`;
        const panelId = `${baseId}-a${index}`;
        const isOpen = open === index;
        return (
          <Item key={item.question}>
            <h3>
              <Trigger
                type="button"
                id={buttonId}
                aria-expanded={isOpen}
                aria-controls={panelId}
                onClick={() => setOpen((current) => toggleFaq(current, index))}
              >
                {item.question}
                <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
                  <path d="M8 2v12M2 8h12" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" />
                </svg>
              </Trigger>
            </h3>
            <Panel id={panelId} role="region" aria-labelledby={buttonId} hidden={!isOpen}>
              <p>{item.answer}</p>
            </Panel>
          </Item>
        );
      })}
    </List>
  );
}

export function FaqSection() {
  return (
    <LandingSection id="faq" eyebrow="FAQ" title="Frequently asked questions" lead="Everything sellers ask before their first try-on.">
      <FaqAccordion />
    </LandingSection>
  );
}
