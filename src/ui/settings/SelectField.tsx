import { useId, type ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
  group?: string; // options of one group sit under its heading (an <optgroup>), after the ungrouped ones
}

/** The options without a group, then each group's under its heading, in the order the groups first appear. */
function Options<V extends string>({ options }: { options: readonly SelectOption<V>[] }) {
  const one = (option: SelectOption<V>) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  );
  const groups = [...new Set(options.flatMap((option) => (option.group === undefined ? [] : [option.group])))];
  return (
    <>
      {options.filter((option) => option.group === undefined).map(one)}
      {groups.map((group) => (
        <optgroup key={group} label={group}>
          {options.filter((option) => option.group === group).map(one)}
        </optgroup>
      ))}
    </>
  );
}

/** A labelled <select> of the settings panel. */
export function SelectField<V extends string>({
  label,
  value,
  options,
  onChange,
  className,
  children,
}: {
  label: string;
  value: V;
  options: readonly SelectOption<V>[];
  onChange(value: V): void;
  className?: string;
  children?: ReactNode; // a hint under the select
}) {
  const id = useId();
  return (
    <div className={className ? `settings-field ${className}` : 'settings-field'}>
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          // Only values this field offered come back; anything else is ignored rather than cast.
          const picked = options.find((option) => option.value === event.target.value);
          if (picked) onChange(picked.value);
        }}
      >
        <Options options={options} />
      </select>
      {children}
    </div>
  );
}
