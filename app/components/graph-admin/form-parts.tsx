import { Alert, Button, Input, NativeSelect, Textarea, TextInput } from "@mantine/core";
import { cloneElement, isValidElement, useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ActionError } from "~/graph-admin/types";
import { IntentForm } from "~/components/ui/intent-form";

/** A labelled native field (select, color, file) styled as Mantine's inputs, with its error under it. */
export function Field({
  label,
  error,
  hint,
  children,
}: {
  label: React.ReactNode;
  error?: string | string[];
  hint?: React.ReactNode;
  children: React.ReactElement<{ id?: string }>;
}) {
  const id = useId();
  const message = Array.isArray(error) ? error[0] : error;
  const child = isValidElement(children)
    ? cloneElement(children, { id: children.props.id ?? id })
    : children;
  return (
    <Input.Wrapper
      label={label}
      error={message}
      description={hint}
      labelProps={{ htmlFor: id }}
      inputWrapperOrder={["label", "input", "description", "error"]}
    >
      <div>{child}</div>
    </Input.Wrapper>
  );
}

/**
 * A labelled native select (works without JavaScript), with an optional empty first choice:
 * Mantine's NativeSelect, so it is as tall as the text inputs beside it at every element size.
 */
export function SelectField({
  name,
  label,
  value,
  options,
  error,
  hint,
  empty,
  testId,
}: {
  name: string;
  label: React.ReactNode;
  value: string | number;
  options: { value: string | number; label: string }[];
  error?: string | string[];
  hint?: React.ReactNode;
  /** The label of a first choice with the value "". */
  empty?: string;
  testId?: string;
}) {
  return (
    <NativeSelect
      name={name}
      label={label}
      error={Array.isArray(error) ? error[0] : error}
      description={hint}
      inputWrapperOrder={["label", "input", "description", "error"]}
      defaultValue={value}
      className="ga-select"
      data-testid={testId}
    >
      {empty !== undefined && <option value="">{empty}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </NativeSelect>
  );
}

/** The platform's refusal, shown above the form or section it belongs to. */
export function ErrorNotice({ result, target }: { result?: ActionError | null; target?: string }) {
  if (!result?.error) return null;
  if (target && result.target && !result.target.startsWith(target)) return null;
  return (
    <Alert color="red" role="alert" data-testid="action-error">
      {result.error}
    </Alert>
  );
}

/**
 * A delete behind "确定删除？" in a <details>: works without JavaScript, and a refusal of
 * the platform comes back as the page's error message.
 */
export function ConfirmDelete({
  intent,
  id,
  label,
  hidden,
  result,
}: {
  intent: string;
  id: number;
  label?: string;
  hidden?: Record<string, string>;
  /** The last action's answer: a refusal of this delete opens it again with the reason. */
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const refused = result?.target === `${intent}:${id}` ? result.error : null;
  return (
    <details className="ga-inline ga-confirm" open={!!refused}>
      <summary data-testid={`delete-${intent}-${id}`}>{label ?? t("actions.delete")}</summary>
      <IntentForm intent={intent} className="body" preventScrollReset>
        <input type="hidden" name="id" value={id} />
        {Object.entries(hidden ?? {}).map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {refused ? (
          <span role="alert" className="err" data-testid="delete-refused">
            {refused}
          </span>
        ) : (
          <span>{t("actions.confirmDelete")}</span>
        )}
        {!refused && (
          <Button type="submit" size="xs" color="red" data-testid={`confirm-${intent}-${id}`}>
            {t("actions.confirm")}
          </Button>
        )}
      </IntentForm>
    </details>
  );
}

/** The value a form field shows: what the user typed when this form failed, else the record's. */
export function valueOf(
  result: ActionError | null | undefined,
  target: string,
  name: string,
  fallback: unknown,
): string {
  if (result?.target === target && result.values && name in result.values)
    return result.values[name];
  return fallback === null || fallback === undefined ? "" : String(fallback);
}

export const fieldError = (result: ActionError | null | undefined, target: string, name: string) =>
  result?.target === target ? result.fieldErrors?.[name] : undefined;

/** The form a field belongs to: after a refusal of that form, it shows what the user typed and why. */
export interface FormTarget {
  result?: ActionError | null;
  target: string;
}

/** A text input of a graph-admin form, refilled and explained after a refusal. */
export function TextField({
  form,
  name,
  value,
  ...input
}: {
  form: FormTarget;
  name: string;
  value: unknown;
  label: string;
  required?: boolean;
  description?: string;
  w?: number;
  lang?: string;
}) {
  return (
    <TextInput
      name={name}
      {...input}
      defaultValue={valueOf(form.result, form.target, name, value)}
      error={fieldError(form.result, form.target, name)?.[0]}
    />
  );
}

/** The one-line description of a graph, an ontology or one of its kinds. */
export function DescriptionField({
  form,
  value,
  w = 260,
}: {
  form: FormTarget;
  value: unknown;
  w?: number;
}) {
  const { t } = useTranslation("admin");
  return (
    <Textarea
      name="description"
      label={t("schema.description")}
      defaultValue={valueOf(form.result, form.target, "description", value)}
      rows={1}
      w={w}
    />
  );
}

/**
 * A row of fields that starts with the required name (and, for an ontology's terms, its
 * optional English label) and, where the record has one, ends with its description; the
 * record's own fields go between.
 */
export function NamedRow({
  form,
  label,
  name,
  nameWidth,
  labelEn,
  description,
  children,
}: {
  form: FormTarget;
  label: string;
  name: unknown;
  nameWidth?: number;
  labelEn?: { value: unknown };
  description?: { value: unknown; w?: number };
  children?: ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <div className="ga-form-row">
      <TextField form={form} name="name" label={label} required value={name} w={nameWidth} />
      {labelEn && (
        <TextField
          form={form}
          name="label_en"
          label={t("schema.labelEn")}
          value={labelEn.value}
          lang="en"
          w={nameWidth}
        />
      )}
      {children}
      {description && <DescriptionField form={form} {...description} />}
    </div>
  );
}
