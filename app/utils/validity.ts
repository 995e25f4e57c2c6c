import i18next from "i18next";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** Which of a field's constraint failures the message names, first match wins. */
const CHECKS: [keyof ValidityState, string][] = [
  ["valueMissing", "valueMissing"],
  ["typeMismatch", "typeMismatch"],
  ["badInput", "badInput"],
  ["patternMismatch", "patternMismatch"],
  ["tooShort", "tooShort"],
  ["tooLong", "tooLong"],
  ["rangeUnderflow", "rangeUnderflow"],
  ["rangeOverflow", "rangeOverflow"],
  ["stepMismatch", "stepMismatch"],
];

function message(field: Field): string {
  const v = field.validity;
  const found = CHECKS.find(([flag]) => v[flag]);
  if (!found) return "";
  const input = field as HTMLInputElement;
  return i18next.t(`common:validity.${found[1]}`, {
    min: input.min,
    max: input.max,
    minLength: input.minLength,
    maxLength: input.maxLength,
    step: input.step,
  });
}

const isField = (el: EventTarget | null): el is Field =>
  el instanceof HTMLInputElement ||
  el instanceof HTMLTextAreaElement ||
  el instanceof HTMLSelectElement;

/**
 * The browser's own constraint messages ("Value must be less than or equal to 1.", "Please fill
 * out this field.") come in the browser's language, not the page's: with JavaScript, every
 * field's failure is worded from our translations instead (one listener for every form). The
 * server checks the same rules and answers in the page's language with JavaScript off.
 */
export function installValidityMessages() {
  document.addEventListener(
    "invalid",
    (event) => {
      const field = event.target;
      if (!isField(field)) return;
      field.setCustomValidity("");
      if (!field.validity.valid) field.setCustomValidity(message(field));
    },
    true,
  );
  // A custom message sticks until cleared: clear it as the user edits, so the next check is fresh.
  const clear = (event: Event) => {
    if (isField(event.target)) event.target.setCustomValidity("");
  };
  document.addEventListener("input", clear, true);
  document.addEventListener("change", clear, true);
}
