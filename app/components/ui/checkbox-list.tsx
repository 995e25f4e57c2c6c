import type { ReactNode } from "react";

export interface CheckOption {
  value: string | number;
  label: ReactNode;
  /** Ticked at first (else: `checked` of the list names it). */
  on?: boolean;
  disabled?: boolean;
  title?: string;
}

/**
 * Native checkboxes sharing one name, posted as name=a&name=b: filters, members, columns,
 * flags, sources. Plain inputs, so they work without JavaScript and in text browsers.
 */
export function CheckboxList({
  name,
  options,
  checked = [],
  disabled,
  labelClassName,
  inputClassName,
}: {
  name: string;
  options: CheckOption[];
  checked?: (string | number)[];
  disabled?: boolean;
  labelClassName?: string;
  inputClassName?: string;
}) {
  const ticked = new Set(checked.map(String));
  return (
    <>
      {options.map((o) => (
        <label key={o.value} className={labelClassName} title={o.title}>
          <input
            type="checkbox"
            name={name}
            value={o.value}
            defaultChecked={o.on ?? ticked.has(String(o.value))}
            disabled={disabled || o.disabled}
            className={inputClassName}
          />
          {o.label}
        </label>
      ))}
    </>
  );
}
