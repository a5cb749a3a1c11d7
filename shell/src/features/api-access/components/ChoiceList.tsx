import { Choice, Fieldset, Mono } from '../../../components/accountPanels';

export interface ChoiceListProps<T extends string> {
  legend: string;
  /** Every option, in the order shown (and kept in the value). */
  options: readonly T[];
  descriptions: Record<T, string>;
  value: T[];
  onChange: (value: T[]) => void;
}

/** Checkboxes for a set of named options (scopes, events), each with what it means. */
export function ChoiceList<T extends string>({ legend, options, descriptions, value, onChange }: ChoiceListProps<T>) {
  const toggle = (option: T, on: boolean) => onChange(options.filter((o) => (o === option ? on : value.includes(o))));
  return (
    <Fieldset>
      <legend>{legend}</legend>
      {options.map((option) => (
        <Choice key={option}>
          <input type="checkbox" checked={value.includes(option)} onChange={(e) => toggle(option, e.target.checked)} />
          <Mono>{option}</Mono>
          <small>{descriptions[option]}</small>
        </Choice>
      ))}
    </Fieldset>
  );
}
