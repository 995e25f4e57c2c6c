import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { useHydrated } from "remix-utils/use-hydrated";
import type { FormActionData, FormDialogData } from "~/table/data";
import { formFields, readFormValues } from "~/table/form-values";
import { screens, type ResourceScreen } from "~/table/registry";
import { CancelLink, RouteModal } from "./route-modal";
import { mergeRules, validateValues } from "~/table/rules";
import { SchemaForm } from "./schema-form";
import type { FieldErrors, FormMode, FormValues, Rules, TableSchema } from "~/table/types";
import { SubmitButton } from "~/components/ui/submit-button";

/** Spec §9: the save button stays locked for 1 second after a valid save. */
export const SAVE_LOCK_MS = 1000;

export interface ValidatedFormProps {
  screen: ResourceScreen;
  schema: TableSchema;
  mode: FormMode;
  rules: Rules;
  values: FormValues;
  errors?: FieldErrors;
  message?: string;
  multipart?: boolean;
  submitLabel: string;
  /** Fields the viewer may not change on this record (the account rule): shown disabled, not sent. */
  lockedFields?: string[];
  /** Nothing may be saved (the record is locked whole). */
  submitDisabled?: boolean;
  children?: React.ReactNode;
}

/**
 * A schema form that checks the merged rules before sending (with JavaScript; without it the
 * browser checks the same rules from the inputs' attributes), shows the server's refusal with
 * what the user typed, and locks its save button briefly after a valid save.
 */
export function ValidatedForm({
  screen,
  schema,
  mode,
  rules,
  values,
  errors,
  message,
  multipart,
  submitLabel,
  lockedFields,
  submitDisabled,
  children,
}: ValidatedFormProps) {
  const hydrated = useHydrated();
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => setClientErrors(null), [errors]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const fieldNames = useMemo(
    () =>
      formFields(schema, mode)
        .map(([name]) => name)
        .filter((name) => !lockedFields?.includes(name)),
    [schema, mode, lockedFields],
  );

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const typed = readFormValues(schema, mode, new FormData(e.currentTarget), screen);
    const found = validateValues(fieldNames, rules, typed);
    if (Object.keys(found).length) {
      e.preventDefault();
      setClientErrors(found);
      return;
    }
    setClientErrors(null);
    setLocked(true);
    timer.current = setTimeout(() => setLocked(false), SAVE_LOCK_MS);
  };

  const shown = clientErrors ?? errors ?? {};
  return (
    <Form
      method="post"
      encType={multipart ? "multipart/form-data" : undefined}
      noValidate={hydrated}
      onSubmit={hydrated ? onSubmit : undefined}
      preventScrollReset
      data-testid="schema-form"
    >
      <AuthenticityTokenInput />
      {message && (
        <Alert color="red" role="alert" mb="sm" data-testid="form-error">
          {message}
        </Alert>
      )}
      {children}
      <SchemaForm {...{ schema, mode, values, rules, screen, lockedFields }} errors={shown} />
      <div className="rt-dialog-actions">
        <CancelLink screen={screen} />
        <SubmitButton
          disabled={locked || submitDisabled}
          data-locked={locked || undefined}
          testId="save"
        >
          {submitLabel}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** The create and edit dialogs (spec §2: 600 px). */
export function ResourceFormPage() {
  const loaded = useLoaderData<FormDialogData>();
  const result = useActionData<FormActionData>();
  const { t } = useTranslation("table");
  const screen = screens[loaded.screen];
  const rules = useMemo(
    () => mergeRules(loaded.schema, loaded.mode, screen.customRules?.[loaded.mode]),
    [loaded, screen],
  );
  return (
    <RouteModal
      screen={screen}
      title={t(loaded.mode === "create" ? "form.createTitle" : "form.editTitle")}
      size={600}
      testId="form-dialog"
    >
      {loaded.lockedMessage && !result ? (
        <>
          <Alert color="red" role="alert" mb="sm" data-testid="form-locked">
            {loaded.lockedMessage}
          </Alert>
          <CancelLink screen={screen} />
        </>
      ) : (
        <ValidatedForm
          screen={screen}
          schema={loaded.schema}
          mode={loaded.mode}
          rules={rules}
          values={result?.values ?? loaded.values}
          errors={result?.errors}
          message={result?.message}
          multipart={loaded.mode === "create" && screen.multipart}
          submitLabel={t("form.save")}
          lockedFields={loaded.locked}
          submitDisabled={!!loaded.lockedMessage}
        />
      )}
    </RouteModal>
  );
}
