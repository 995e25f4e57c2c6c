import { Button, Checkbox, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { DataTable } from "~/components/ui/data-table";
import { ConfirmDelete, Field, fieldError, SelectField, valueOf } from "./form-parts";
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
function ColorField({
  result,
  target,
  value,
}: {
  result?: ActionError | null;
  target: string;
  value?: string | null;
}) {
  const { t } = useTranslation("admin");
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
  name,
  classes,
  value,
  exclude,
  emptyLabel,
  label,
  error,
}: {
  name: string;
  classes: ClassNode[];
  value: string;
  exclude?: number;
  emptyLabel: string;
  label: string;
  error?: string[];
}) {
  return (
    <SelectField
      name={name}
      label={label}
      value={value}
      error={error}
      empty={emptyLabel}
      testId={`select-${name}`}
      options={classes
        .filter((c) => c.id !== exclude)
        .map((c) => ({ value: c.id, label: `${"\u3000".repeat(c.depth)}${c.name}` }))}
    />
  );
}

export /** The fields of a class form (create and edit). */
function ClassFields({
  classes,
  cls,
  result,
  target,
}: {
  classes: ClassNode[];
  cls?: ClassNode;
  result?: ActionError | null;
  target: string;
}) {
  const { t } = useTranslation("admin");
  const v = (name: string, fallback: unknown) => valueOf(result, target, name, fallback);
  const placeChecked =
    result?.target === target ? result.values?.is_place === "on" : !!cls?.is_place;
  return (
    <div className="ga-form-row">
      <TextInput
        name="name"
        label={t("schema.className")}
        required
        defaultValue={v("name", cls?.name)}
        error={fieldError(result, target, "name")?.[0]}
      />
      <ClassSelect
        name="parent_id"
        label={t("schema.parent")}
        classes={classes}
        value={v("parent_id", cls?.parent_id)}
        exclude={cls?.id}
        emptyLabel={t("schema.noParent")}
        error={fieldError(result, target, "parent_id")}
      />
      <ColorField result={result} target={target} value={cls?.color} />
      <Checkbox name="is_place" label={t("schema.isPlace")} defaultChecked={placeChecked} mb={8} />
      <Textarea
        name="description"
        label={t("schema.description")}
        defaultValue={v("description", cls?.description)}
        rows={1}
        w={260}
      />
    </div>
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
          className="ga-table"
          frame={false}
          testId={`properties-${cls.id}`}
          rows={cls.properties}
          rowKey={(p) => p.id}
          columns={[
            { key: "name", header: t("schema.propertyName") },
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
  result,
  target,
  type,
}: {
  detail: OntologyDetail;
  result?: ActionError | null;
  target: string;
  type?: OntologyDetail["relation_types"][number];
}) {
  const { t } = useTranslation("admin");
  const v = (name: string, fallback: unknown) => valueOf(result, target, name, fallback);
  return (
    <div className="ga-form-row">
      <TextInput
        name="name"
        label={t("schema.relationName")}
        required
        defaultValue={v("name", type?.name)}
        error={fieldError(result, target, "name")?.[0]}
      />
      <ClassSelect
        name="domain_class_id"
        label={t("schema.domain")}
        classes={detail.classes}
        value={v("domain_class_id", type?.domain_class_id)}
        emptyLabel={t("schema.anyClass")}
        error={fieldError(result, target, "domain_class_id")}
      />
      <ClassSelect
        name="range_class_id"
        label={t("schema.range")}
        classes={detail.classes}
        value={v("range_class_id", type?.range_class_id)}
        emptyLabel={t("schema.anyClass")}
        error={fieldError(result, target, "range_class_id")}
      />
      <Textarea
        name="description"
        label={t("schema.description")}
        defaultValue={v("description", type?.description)}
        rows={1}
        w={260}
      />
    </div>
  );
}

export function EventTypeFields({
  result,
  target,
  type,
}: {
  result?: ActionError | null;
  target: string;
  type?: OntologyDetail["event_types"][number];
}) {
  const { t } = useTranslation("admin");
  const v = (name: string, fallback: unknown) => valueOf(result, target, name, fallback);
  return (
    <div className="ga-form-row">
      <TextInput
        name="name"
        label={t("schema.eventName")}
        required
        defaultValue={v("name", type?.name)}
        error={fieldError(result, target, "name")?.[0]}
      />
      <TextInput
        name="triggers"
        label={t("schema.triggers")}
        description={t("schema.triggersHint")}
        defaultValue={v("triggers", type?.triggers.join("，"))}
        error={fieldError(result, target, "triggers")?.[0]}
        w={260}
      />
      <TextInput
        name="subject_role"
        label={t("schema.subjectRole")}
        defaultValue={v("subject_role", type?.roles.subject)}
        w={120}
      />
      <TextInput
        name="object_role"
        label={t("schema.objectRole")}
        defaultValue={v("object_role", type?.roles.object)}
        w={120}
      />
      <ColorField result={result} target={target} value={type?.color} />
    </div>
  );
}
