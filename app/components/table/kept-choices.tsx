import type { SelectOption } from "~/table/types";

/**
 * Chosen options the viewer may not unchoose (the account rule) are sent as hidden inputs: a
 * disabled `<option>` or checkbox is not part of the form, and leaving it out would ask the
 * platform to remove it.
 */
export function KeptChoices({
  name,
  options,
  chosen,
}: {
  name: string;
  options: SelectOption[];
  chosen: string[];
}) {
  return (
    <>
      {options
        .filter((o) => o.disabled && chosen.includes(String(o.key)))
        .map((o) => (
          <input key={String(o.key)} type="hidden" name={name} value={String(o.key)} />
        ))}
    </>
  );
}
