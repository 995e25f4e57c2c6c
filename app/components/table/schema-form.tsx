import type { MantineSize } from "@mantine/core";
import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Input } from "@mantine/core/esm/components/Input/Input.mjs";
import { MultiSelect } from "@mantine/core/esm/components/MultiSelect/MultiSelect.mjs";
import { NativeSelect } from "@mantine/core/esm/components/NativeSelect/NativeSelect.mjs";
import { PasswordInput } from "@mantine/core/esm/components/PasswordInput/PasswordInput.mjs";
import { Select } from "@mantine/core/esm/components/Select/Select.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { TextInput } from "@mantine/core/esm/components/TextInput/TextInput.mjs";
import { Textarea } from "@mantine/core/esm/components/Textarea/Textarea.mjs";
import { useMantineTheme } from "@mantine/core/esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { KeptChoices } from "./kept-choices";
import { PermissionMatrix } from "./permission-matrix";
import { formFields } from "~/table/form-values";
import type { ResourceScreen } from "~/table/registry";
import { htmlConstraints } from "~/table/rules";
import type {
  FieldErrors,
  FormField,
  FormMode,
  FormValues,
  Rules,
  SelectOption,
  TableSchema,
} from "~/table/types";
import { PasswordToggleIcon } from "~/components/ui/password-toggle-icon";
import { FileDrop } from "~/components/ui/file-drop";

export interface SchemaFormProps {
  schema: Pick<TableSchema, "form_fields" | "select_options">;
  mode: FormMode;
  values: FormValues;
  errors: FieldErrors;
  /** The merged rules of spec §5. */
  rules: Rules;
  screen?: ResourceScreen;
  /** Fields the viewer may not change (the account rule): rendered disabled, so never sent. */
  lockedFields?: string[];
}

interface FieldProps {
  name: string;
  field: FormField;
  value: string | string[];
  error?: string;
  /** The browser-checkable part of the field's rules (spec §5). */
  attrs: ReturnType<typeof htmlConstraints>;
  options: SelectOption[];
  readOnly: boolean;
  hydrated: boolean;
  /** The theme's element size (spec §3 size), for the inputs the theme does not size itself. */
  size?: MantineSize;
  /** Locked by the account rule: shown, disabled, not sent. */
  disabled?: boolean;
}

const text = (v: string | string[]) => (Array.isArray(v) ? v.join(",") : v);
const list = (v: string | string[]) => (Array.isArray(v) ? v : v ? v.split(",") : []);
const optionData = (options: SelectOption[]) =>
  options.map((o) => ({ value: String(o.key), label: o.label, disabled: o.disabled }));

/** A native <select> until hydrated (a Mantine Select needs JavaScript to change), then Mantine's. */
function SelectField(p: FieldProps) {
  const { t } = useTranslation("table");
  const { required } = p.attrs;
  const common = { name: p.name, label: p.field.label, error: p.error, required };
  if (!p.hydrated || p.readOnly) {
    return (
      <NativeSelect
        {...common}
        defaultValue={text(p.value)}
        disabled={p.disabled || p.readOnly}
        data={[{ value: "", label: t("form.choose") }, ...optionData(p.options)]}
      />
    );
  }
  return (
    <Select
      {...common}
      disabled={p.disabled}
      defaultValue={text(p.value) || null}
      data={optionData(p.options)}
      placeholder={t("form.choose")}
      searchable
      clearable={!required}
      comboboxProps={{ withinPortal: false }}
    />
  );
}

/** A native <select multiple> until hydrated, then Mantine's MultiSelect (comma-joined hidden input). */
function MultiSelectField(p: FieldProps) {
  const { t } = useTranslation("table");
  const { name, field, error, options, size, disabled } = p;
  const chosen = list(p.value);
  // An empty value keeps the field in the form when nothing is chosen, so a save can clear it.
  const kept = !disabled && (
    <>
      <input type="hidden" name={name} value="" />
      <KeptChoices name={name} options={options} chosen={chosen} />
    </>
  );
  if (!p.hydrated) {
    return (
      <Input.Wrapper
        label={field.label}
        error={error}
        required={p.attrs.required}
        description={t("form.multiHint")}
        size={size}
      >
        {kept}
        <select
          name={name}
          multiple
          defaultValue={chosen}
          className="native-field rt-native"
          style={{ width: "100%" }}
          aria-label={field.label}
          disabled={disabled}
        >
          {options.map((o) => (
            <option key={String(o.key)} value={String(o.key)} disabled={o.disabled}>
              {o.label}
            </option>
          ))}
        </select>
      </Input.Wrapper>
    );
  }
  return (
    <>
      {kept}
      <MultiSelect
        name={name}
        label={field.label}
        disabled={disabled}
        defaultValue={chosen}
        error={error}
        required={p.attrs.required}
        data={optionData(options)}
        placeholder={t("form.choose")}
        searchable
        clearable
        size={size}
        comboboxProps={{ withinPortal: false }}
      />
    </>
  );
}

function FileField({ name, field, error, attrs, size }: FieldProps) {
  const { t } = useTranslation("table");
  return (
    <Input.Wrapper
      label={field.label}
      error={error}
      required={attrs.required}
      description={t("file.hint")}
      size={size}
    >
      <FileDrop
        name={name}
        required={attrs.required}
        label={field.label}
        style={{ display: "block", marginTop: 4 }}
      />
    </Input.Wrapper>
  );
}

function FieldInput(props: FieldProps & { custom?: string }) {
  const { t } = useTranslation("table");
  const { name, field, value, error, attrs, readOnly, disabled, custom } = props;
  const common = {
    name,
    label: field.label,
    error,
    readOnly,
    disabled,
    "aria-invalid": error ? true : undefined,
    defaultValue: text(value),
    required: attrs.required,
  };
  const lengths = { minLength: attrs.minLength, maxLength: attrs.maxLength };
  if (custom === "file-upload") return <FileField {...props} />;
  if (custom === "permission-matrix") {
    return (
      <Input.Wrapper label={field.label} error={error} size={props.size}>
        <PermissionMatrix
          name={name}
          options={props.options}
          chosen={list(value)}
          disabled={disabled}
        />
      </Input.Wrapper>
    );
  }
  switch (field.type) {
    case "str":
      return <TextInput {...common} {...lengths} pattern={attrs.pattern} />;
    case "password":
      return (
        <PasswordInput
          {...common}
          {...lengths}
          autoComplete="new-password"
          visibilityToggleIcon={PasswordToggleIcon}
        />
      );
    case "number":
      return (
        <TextInput
          {...common}
          type="number"
          step={attrs.step ?? "any"}
          min={attrs.min}
          max={attrs.max}
        />
      );
    case "text":
      return <Textarea {...common} {...lengths} minRows={3} autosize maxRows={10} />;
    case "time":
      return <TextInput {...common} type="time" step={1} placeholder="HH:mm:ss" />;
    case "select":
      return <SelectField {...props} />;
    case "multi-select":
      return <MultiSelectField {...props} />;
    default:
      return (
        <Alert color="yellow" title={field.label} data-testid={`unsupported-${name}`}>
          {t("form.notImplemented", { type: field.type })}
        </Alert>
      );
  }
}

/**
 * A form built from the schema's form_fields (spec §3 field types), each input carrying the
 * browser-checkable part of its rules, so it validates itself even without JavaScript.
 */
export function SchemaForm({
  schema,
  mode,
  values,
  errors,
  rules,
  screen,
  lockedFields,
}: SchemaFormProps) {
  const hydrated = useHydrated();
  const size = useMantineTheme().components.TextInput?.defaultProps?.size as
    MantineSize | undefined;
  return (
    <Stack gap="sm">
      {formFields(schema, mode).map(([name, field]) => (
        <FieldInput
          key={name}
          name={name}
          field={field}
          value={values[name] ?? ""}
          error={errors[name]}
          attrs={htmlConstraints(rules[name])}
          options={schema.select_options[name] ?? []}
          readOnly={mode === "update" && !!field.readonly_on_update}
          hydrated={hydrated}
          size={size}
          custom={screen?.customFields?.[name]}
          disabled={lockedFields?.includes(name)}
        />
      ))}
    </Stack>
  );
}
