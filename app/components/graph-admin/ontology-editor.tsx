import { Button, Checkbox, Paper, Stack, Text, TextInput, Textarea, Title } from "@mantine/core";
import { Form, Link, useLocation, useSearchParams } from "@remix-run/react";
import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { AuthenticityTokenInput } from "remix-utils/csrf/react";
import { ConfirmDelete, ErrorNotice, Field, fieldError, num, valueOf } from "./bits";
import type { ActionError, ClassNode, OntologyDetail } from "~/graph-admin/types";

export interface OntologyRights {
  create: boolean;
  update: boolean;
  remove: boolean;
}

export const DATATYPES = ["string", "number", "date", "boolean", "entity"] as const;

function Hidden({ intent, id }: { intent: string; id: number }) {
  return (
    <>
      <AuthenticityTokenInput />
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
    </>
  );
}

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
    <Field label={label} error={error}>
      <select name={name} defaultValue={value} className="ga-native" data-testid={`select-${name}`}>
        <option value="">{emptyLabel}</option>
        {classes
          .filter((c) => c.id !== exclude)
          .map((c) => (
            <option key={c.id} value={c.id}>
              {"\u3000".repeat(c.depth)}
              {c.name}
            </option>
          ))}
      </select>
    </Field>
  );
}

/** The fields of a class form (create and edit). */
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
      <Field label={t("schema.color")} error={fieldError(result, target, "color")}>
        <input
          type="color"
          name="color"
          className="ga-color"
          defaultValue={v("color", cls?.color) || "#6085f2"}
        />
      </Field>
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

function Properties({
  cls,
  rights,
  result,
}: {
  cls: ClassNode;
  rights: OntologyRights;
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
        <table className="ga-table" data-testid={`properties-${cls.id}`}>
          <thead>
            <tr>
              <th>{t("schema.propertyName")}</th>
              <th>{t("schema.datatype")}</th>
              <th>{t("schema.required")}</th>
              <th>{t("schema.description")}</th>
              {rights.update && <th>{t("actions.title")}</th>}
            </tr>
          </thead>
          <tbody>
            {cls.properties.map((p) => (
              <tr key={p.id}>
                <td>{p.name}</td>
                <td>{t(`schema.datatypes.${p.datatype}`)}</td>
                <td>{p.required ? t("schema.yes") : t("schema.no")}</td>
                <td>{p.description}</td>
                {rights.update && (
                  <td>
                    <ConfirmDelete intent="deleteProperty" id={p.id} result={result} />
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <Text size="sm" c="dimmed">
          {t("schema.noProperties")}
        </Text>
      )}
      {rights.update && (
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
            <Field label={t("schema.datatype")} error={fieldError(result, target, "datatype")}>
              <select
                name="datatype"
                className="ga-native"
                defaultValue={valueOf(result, target, "datatype", "string")}
              >
                {DATATYPES.map((d) => (
                  <option key={d} value={d}>
                    {t(`schema.datatypes.${d}`)}
                  </option>
                ))}
              </select>
            </Field>
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

/** Links that open and close a row's editor: the editor is part of the URL (?edit=class-12), so it works without JavaScript. */
export function useEditLinks() {
  const [params] = useSearchParams();
  const editing = params.get("edit");
  const hrefFor = (key: string | null) => {
    const next = new URLSearchParams(params);
    if (key) next.set("edit", key);
    else next.delete("edit");
    const q = next.toString();
    return q ? `?${q}` : "?";
  };
  return { editing, open: (key: string) => hrefFor(key), close: hrefFor(null) };
}

function EditLink({ to, label, testId }: { to: string; label: string; testId?: string }) {
  return (
    <Link to={to} preventScrollReset className="ga-link" data-testid={testId}>
      {label}
    </Link>
  );
}

function EditorRow({
  colSpan,
  close,
  children,
}: {
  colSpan: number;
  close: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  return (
    <tr className="editing">
      <td colSpan={colSpan}>
        <Stack gap="xs">
          {children}
          <Link to={close} preventScrollReset className="ga-link">
            {t("actions.close")}
          </Link>
        </Stack>
      </td>
    </tr>
  );
}

function ClassRows({
  detail,
  rights,
  result,
}: {
  detail: OntologyDetail;
  rights: OntologyRights;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const links = useEditLinks();
  return (
    <>
      {detail.classes.map((c) => {
        const editTarget = `updateClass:${c.id}`;
        const key = `class-${c.id}`;
        return (
          <Fragment key={c.id}>
            <tr
              data-testid={`class-row-${c.name}`}
              className={links.editing === key ? "editing" : undefined}
            >
              <td className="ga-tree-name">
                <span className="ga-tree-indent">
                  {c.depth ? `${"\u3000".repeat(c.depth - 1)}└ ` : ""}
                </span>
                <span className="ga-dot" style={{ background: c.color || undefined }} />
                {c.name}
                {c.is_place && (
                  <span className="ga-chip muted" style={{ marginLeft: 6 }}>
                    {t("schema.place")}
                  </span>
                )}
              </td>
              <td>
                <div className="ga-chips">
                  {c.properties.map((p) => (
                    <span
                      key={p.id}
                      className="ga-chip"
                      title={t(`schema.datatypes.${p.datatype}`)}
                    >
                      {p.name}
                    </span>
                  ))}
                </div>
              </td>
              <td className="num">{num(c.entity_count)}</td>
              <td>
                <div className="ga-actions">
                  <EditLink
                    to={links.open(key)}
                    label={rights.update ? t("actions.edit") : t("actions.view")}
                    testId={`edit-class-${c.name}`}
                  />
                  {rights.update && (
                    <ConfirmDelete intent="deleteClass" id={c.id} result={result} />
                  )}
                </div>
              </td>
            </tr>
            {links.editing === key && (
              <EditorRow colSpan={4} close={links.close}>
                {rights.update && (
                  <Form method="post" preventScrollReset>
                    <Hidden intent="updateClass" id={c.id} />
                    <ErrorNotice result={result} target={editTarget} />
                    <ClassFields
                      classes={detail.classes}
                      cls={c}
                      result={result}
                      target={editTarget}
                    />
                    <Button type="submit" size="xs" mt="xs" data-testid="save-class">
                      {t("actions.save")}
                    </Button>
                  </Form>
                )}
                <ErrorNotice result={result} target={`createProperty:${c.id}`} />
                <Properties cls={c} rights={rights} result={result} />
              </EditorRow>
            )}
          </Fragment>
        );
      })}
    </>
  );
}

function AddForm({
  intent,
  id,
  title,
  result,
  children,
}: {
  intent: string;
  id: number;
  title: string;
  result?: ActionError | null;
  children: React.ReactNode;
}) {
  const { t } = useTranslation("admin");
  const target = `${intent}:${id}`;
  return (
    <details className="ga-inline" open={result?.target === target}>
      <summary data-testid={`open-${intent}`}>＋ {title}</summary>
      <Form method="post" className="body" preventScrollReset>
        <Hidden intent={intent} id={id} />
        <ErrorNotice result={result} target={target} />
        {children}
        <Button type="submit" size="xs" mt="xs" data-testid={`submit-${intent}`}>
          {t("actions.add")}
        </Button>
      </Form>
    </details>
  );
}

function RelationTypeFields({
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

function EventTypeFields({
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
      <Field label={t("schema.color")} error={fieldError(result, target, "color")}>
        <input
          type="color"
          name="color"
          className="ga-color"
          defaultValue={v("color", type?.color) || "#6085f2"}
        />
      </Field>
    </div>
  );
}

/**
 * The editor of one ontology: the class tree with properties, relation types with domain and
 * range, event types. Every change is a plain form (intent + id); deletes are confirmed in
 * place; the platform's refusals come back as the message of the form that failed.
 */
export function OntologyEditor({
  detail,
  rights,
  result,
}: {
  detail: OntologyDetail;
  rights: OntologyRights;
  result?: ActionError | null;
}) {
  const { t } = useTranslation("admin");
  const globalError =
    result?.error && result.target && /^delete/.test(result.target) ? result : null;
  // A new location (after a save) renders the editors afresh, so forms a save completed close again.
  const { key } = useLocation();
  const links = useEditLinks();
  return (
    <Stack gap="md" data-testid="ontology-editor" key={key}>
      {globalError && <ErrorNotice result={globalError} />}
      <Paper withBorder p="md">
        <div className="ga-head">
          <Title order={4}>
            {t("schema.classes")}{" "}
            <Text span c="dimmed" size="sm">
              ({detail.classes.length})
            </Text>
          </Title>
          {rights.update && (
            <AddForm
              intent="createClass"
              id={detail.id}
              title={t("schema.addClass")}
              result={result}
            >
              <ClassFields
                classes={detail.classes}
                result={result}
                target={`createClass:${detail.id}`}
              />
            </AddForm>
          )}
        </div>
        <div className="ga-scroll">
          <table className="ga-table" data-testid="class-tree">
            <thead>
              <tr>
                <th>{t("schema.className")}</th>
                <th>{t("schema.properties")}</th>
                <th className="num">{t("schema.entityCount")}</th>
                <th>{t("actions.title")}</th>
              </tr>
            </thead>
            <tbody>
              <ClassRows detail={detail} rights={rights} result={result} />
            </tbody>
          </table>
          {!detail.classes.length && (
            <Text c="dimmed" size="sm" p="sm">
              {t("schema.noClasses")}
            </Text>
          )}
        </div>
      </Paper>

      <Paper withBorder p="md">
        <div className="ga-head">
          <Title order={4}>
            {t("schema.relationTypes")}{" "}
            <Text span c="dimmed" size="sm">
              ({detail.relation_types.length})
            </Text>
          </Title>
          {rights.update && (
            <AddForm
              intent="createRelationType"
              id={detail.id}
              title={t("schema.addRelationType")}
              result={result}
            >
              <RelationTypeFields
                detail={detail}
                result={result}
                target={`createRelationType:${detail.id}`}
              />
            </AddForm>
          )}
        </div>
        <div className="ga-scroll">
          <table className="ga-table" data-testid="relation-types">
            <thead>
              <tr>
                <th>{t("schema.relationName")}</th>
                <th>{t("schema.domain")}</th>
                <th>{t("schema.range")}</th>
                <th>{t("schema.description")}</th>
                <th className="num">{t("schema.relationCount")}</th>
                {rights.update && <th>{t("actions.title")}</th>}
              </tr>
            </thead>
            <tbody>
              {detail.relation_types.map((r) => {
                const target = `updateRelationType:${r.id}`;
                const key = `relation-${r.id}`;
                return (
                  <Fragment key={r.id}>
                    <tr data-testid={`relation-row-${r.name}`}>
                      <td>{r.name}</td>
                      <td>
                        {r.domain_class ?? <span className="ga-muted">{t("schema.anyClass")}</span>}
                      </td>
                      <td>
                        {r.range_class ?? <span className="ga-muted">{t("schema.anyClass")}</span>}
                      </td>
                      <td>{r.description}</td>
                      <td className="num">{num(r.relation_count)}</td>
                      {rights.update && (
                        <td>
                          <div className="ga-actions">
                            <EditLink to={links.open(key)} label={t("actions.edit")} />
                            <ConfirmDelete intent="deleteRelationType" id={r.id} result={result} />
                          </div>
                        </td>
                      )}
                    </tr>
                    {rights.update && links.editing === key && (
                      <EditorRow colSpan={6} close={links.close}>
                        <Form method="post" preventScrollReset>
                          <Hidden intent="updateRelationType" id={r.id} />
                          <ErrorNotice result={result} target={target} />
                          <RelationTypeFields
                            detail={detail}
                            result={result}
                            target={target}
                            type={r}
                          />
                          <Button type="submit" size="xs" mt="xs">
                            {t("actions.save")}
                          </Button>
                        </Form>
                      </EditorRow>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </Paper>

      <Paper withBorder p="md">
        <div className="ga-head">
          <Title order={4}>
            {t("schema.eventTypes")}{" "}
            <Text span c="dimmed" size="sm">
              ({detail.event_types.length})
            </Text>
          </Title>
          {rights.update && (
            <AddForm
              intent="createEventType"
              id={detail.id}
              title={t("schema.addEventType")}
              result={result}
            >
              <EventTypeFields result={result} target={`createEventType:${detail.id}`} />
            </AddForm>
          )}
        </div>
        <div className="ga-scroll">
          <table className="ga-table" data-testid="event-types">
            <thead>
              <tr>
                <th>{t("schema.eventName")}</th>
                <th>{t("schema.triggers")}</th>
                <th>{t("schema.roles")}</th>
                <th className="num">{t("schema.eventCount")}</th>
                {rights.update && <th>{t("actions.title")}</th>}
              </tr>
            </thead>
            <tbody>
              {detail.event_types.map((e) => {
                const target = `updateEventType:${e.id}`;
                const key = `event-${e.id}`;
                return (
                  <Fragment key={e.id}>
                    <tr>
                      <td>
                        <span className="ga-dot" style={{ background: e.color || undefined }} />
                        {e.name}
                      </td>
                      <td>
                        <div className="ga-chips">
                          {e.triggers.map((w) => (
                            <span key={w} className="ga-chip muted">
                              {w}
                            </span>
                          ))}
                        </div>
                      </td>
                      <td>
                        {e.roles.subject} / {e.roles.object}
                      </td>
                      <td className="num">{num(e.event_count)}</td>
                      {rights.update && (
                        <td>
                          <div className="ga-actions">
                            <EditLink to={links.open(key)} label={t("actions.edit")} />
                            <ConfirmDelete intent="deleteEventType" id={e.id} result={result} />
                          </div>
                        </td>
                      )}
                    </tr>
                    {rights.update && links.editing === key && (
                      <EditorRow colSpan={5} close={links.close}>
                        <Form method="post" preventScrollReset>
                          <Hidden intent="updateEventType" id={e.id} />
                          <ErrorNotice result={result} target={target} />
                          <EventTypeFields result={result} target={target} type={e} />
                          <Button type="submit" size="xs" mt="xs">
                            {t("actions.save")}
                          </Button>
                        </Form>
                      </EditorRow>
                    )}
                  </Fragment>
                );
              })}
            </tbody>
          </table>
        </div>
      </Paper>
    </Stack>
  );
}
