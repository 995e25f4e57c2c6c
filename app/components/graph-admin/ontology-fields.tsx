import { Button, Checkbox, Stack, Text, TextInput } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DataTable } from "~/components/ui/data-table";
import {
  ConfirmDelete,
  Field,
  fieldError,
  type FormTarget,
  NamedRow,
  SelectField,
  TextField,
  valueOf,
} from "./form-parts";
import type { ActionError, ClassNode, OntologyDetail } from "~/graph-admin/types";

export const DATATYPES = ["string", "number", "date", "boolean", "entity"] as const;

/** The hidden part of every ontology form: the CSRF token, what to do, and to which row. */
export function Hidden({ intent, id }: { intent: string; id: number }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

/** A colour for the class or event type in charts and badges (the theme colour by default). */
function ColorField({ form, value }: { form: FormTarget; value?: string | null }) {
  const { t } = useTranslation("admin");
  const { result, target } = form;
  return (
    <Field label={t("schema.color")} error={fieldError(result, target, "color")}>
      <input
        type="color"
        name="color"
        className="ga-color"
        defaultValue={valueOf(result, target, "color", value) || "#6085f2"}
      />
    </Field>
  );
}

/** A class picker, the tree shown by indentation. */
function ClassSelect({
  form,
  name,
  label,
  classes,
  value,
  exclude,
  emptyLabel,
}: {
  form: FormTarget;
  name: string;
  label: string;
  classes: ClassNode[];
  value: unknown;
  exclude?: number;
  emptyLabel: string;
}) {
  return (
    <SelectField
      name={name}
      label={label}
      value={valueOf(form.result, form.target, name, value)}
      error={fieldError(form.result, form.target, name)}
      empty={emptyLabel}
      testId={`select-${name}`}
      options={classes
        .filter((c) => c.id !== exclude)
        .map((c) => ({ value: c.id, label: `${"\u3000".repeat(c.depth)}${c.name}` }))}
    />
  );
}

/** The fields of a class form (create and edit). */
export function ClassFields({
  classes,
  cls,
  form,
}: {
  classes: ClassNode[];
  cls?: ClassNode;
  form: FormTarget;
}) {
  const { t } = useTranslation("admin");
  const placeChecked =
    form.result?.target === form.target ? form.result.values?.is_place === "on" : !!cls?.is_place;
  return (
    <NamedRow
      form={form}
      label={t("schema.className")}
      name={cls?.name}
      labelEn={{ value: cls?.label_en }}
      description={{ value: cls?.description }}
    >
      <ClassSelect
        form={form}
        name="parent_id"
        label={t("schema.parent")}
        classes={classes}
        value={cls?.parent_id}
        exclude={cls?.id}
        emptyLabel={t("schema.noParent")}
      />
      <ColorField form={form} value={cls?.color} />
      <Checkbox name="is_place" label={t("schema.isPlace")} defaultChecked={placeChecked} mb={8} />
    </NamedRow>
  );
}

/** A class's properties (name, datatype, required) and, for editors, the form adding one. */
export function ClassProperties({
  cls,
  canEdit,
  result,
}: {
  cls: ClassNode;
  canEdit: boolean;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const target = `createProperty:${cls.id}`;
  return (
    <Stack gap="xs" mt="sm">
      <Text fw={600} size="sm">
        {t("schema.properties")}
      </Text>
      {cls.properties.length ? (
        <DataTable
          look="admin"
          frame={false}
          testId={`properties-${cls.id}`}
          stack
          rows={cls.properties}
          rowKey={(p) => p.id}
          columns={[
            { key: "name", header: t("schema.propertyName") },
            {
              key: "label_en",
              header: t("schema.labelEn"),
              cell: (p) => (p.label_en ? <span lang="en">{p.label_en}</span> : null),
            },
            {
              key: "datatype",
              header: t("schema.datatype"),
              cell: (p) => t(`schema.datatypes.${p.datatype}`),
            },
            {
              key: "required",
              header: t("schema.required"),
              cell: (p) => (p.required ? t("schema.yes") : t("schema.no")),
            },
            { key: "description", header: t("schema.description") },
            canEdit && {
              key: "actions",
              header: t("actions.title"),
              cell: (p) => <ConfirmDelete intent="deleteProperty" id={p.id} result={result} />,
            },
          ]}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {t("schema.noProperties")}
        </Text>
      )}
      {canEdit && (
        <Form method="post" preventScrollReset>
          <Hidden intent="createProperty" id={cls.id} />
          <div className="ga-form-row">
            <TextInput
              name="name"
              label={t("schema.newProperty")}
              required
              size="xs"
              defaultValue={valueOf(result, target, "name", "")}
              error={fieldError(result, target, "name")?.[0]}
            />
            <TextInput
              name="label_en"
              label={t("schema.labelEn")}
              lang="en"
              size="xs"
              defaultValue={valueOf(result, target, "label_en", "")}
              error={fieldError(result, target, "label_en")?.[0]}
              data-testid={`property-label-en-${cls.id}`}
            />
            <SelectField
              name="datatype"
              label={t("schema.datatype")}
              value={valueOf(result, target, "datatype", "string")}
              error={fieldError(result, target, "datatype")}
              options={DATATYPES.map((d) => ({ value: d, label: t(`schema.datatypes.${d}`) }))}
            />
            <Checkbox name="required" label={t("schema.required")} mb={8} />
            <Button type="submit" size="xs" variant="light" data-testid={`add-property-${cls.id}`}>
              {t("actions.add")}
            </Button>
          </div>
        </Form>
      )}
    </Stack>
  );
}

export function RelationTypeFields({
  detail,
  form,
  type,
}: {
  detail: OntologyDetail;
  form: FormTarget;
  type?: OntologyDetail["relation_types"][number];
}) {
  const { t } = useTranslation("admin");
  return (
    <NamedRow
      form={form}
      label={t("schema.relationName")}
      name={type?.name}
      labelEn={{ value: type?.label_en }}
      description={{ value: type?.description }}
    >
      {(["domain", "range"] as const).map((end) => (
        <ClassSelect
          key={end}
          form={form}
          name={`${end}_class_id`}
          label={t(`schema.${end}`)}
          classes={detail.classes}
          value={type?.[`${end}_class_id`]}
          emptyLabel={t("schema.anyClass")}
        />
      ))}
    </NamedRow>
  );
}

export function EventTypeFields({
  form,
  type,
}: {
  form: FormTarget;
  type?: OntologyDetail["event_types"][number];
}) {
  const { t } = useTranslation("admin");
  return (
    <NamedRow
      form={form}
      label={t("schema.eventName")}
      name={type?.name}
      labelEn={{ value: type?.label_en }}
    >
      <TextField
        form={form}
        name="triggers"
        label={t("schema.triggers")}
        description={t("schema.triggersHint")}
        value={type?.triggers.join("，")}
        w={260}
      />
      {(["subject", "object"] as const).map((role) => (
        <TextField
          key={role}
          form={form}
          name={`${role}_role`}
          label={t(`schema.${role}Role`)}
          value={type?.roles[role]}
          w={120}
        />
      ))}
      <ColorField form={form} value={type?.color} />
    </NamedRow>
  );
}
