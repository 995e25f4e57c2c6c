import type { ReactNode } from "react";

/**
 * A labelled choice among numbers (a limit, a depth, a count of paths) in a GET form: a plain
 * `<select>`, so it works without JavaScript.
 */
export function NumberSelect({
  label,
  name,
  options,
  value,
}: {
  label: ReactNode;
  name: string;
  options: readonly (number | string)[];
  value: number | string;
}) {
  return (
    <label>
      {label}
      <select name={name} defaultValue={value}>
        {options.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </label>
  );
}
