import styled from 'styled-components';
import { CardGrid, GridCard, LandingSection } from '../../../components/Section';
import { TESTIMONIALS } from '../data/testimonials';

const Card = styled(GridCard)`
  display: flex;
  flex-direction: column;
  gap: 16px;
  padding: 24px;
  blockquote { flex: 1; margin: 0; }
`;

const Stars = styled.p`
  color: #ffc94d;
  letter-spacing: 2px;
`;

const Person = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  font-size: 14px;
  span { display: block; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Avatar = styled.div`
  display: grid;
  place-items: center;
  flex: none;
  width: 40px;
  height: 40px;
  border-radius: 50%;
  background: ${({ theme }) => theme.gradients.brand};
  font-weight: 700;
  font-size: 14px;
`;

export function TestimonialsSection() {
  return (
    <LandingSection id="testimonials" eyebrow="Testimonials" title="Sellers and creators love the magic">
      <CardGrid $minWidth={250}>
        {TESTIMONIALS.map((t) => (
          <Card key={t.name}>
            <Stars role="img" aria-label="Rated 5 out of 5">
              ★★★★★
            </Stars>
            <blockquote>
              <p>“{t.quote}”</p>
            </blockquote>
            <Person>
              <Avatar aria-hidden="true">{t.avatar}</Avatar>
              <div>
                <strong>{t.name}</strong>
                <span>
                  {t.role}, {t.company}
                </span>
              </div>
            </Person>
          </Card>
        ))}
      </CardGrid>
    </LandingSection>
  );
}
