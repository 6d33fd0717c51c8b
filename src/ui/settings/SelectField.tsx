import { useId, type ReactNode } from 'react';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
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
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      {children}
    </div>
  );
}
