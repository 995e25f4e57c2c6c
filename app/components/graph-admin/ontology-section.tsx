import { Button, Paper, Stack, Text, Title } from "@mantine/core";
import { Form, Link, useSearchParams } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/ui/data-table";
import { ScrollRegion } from "~/components/ui/scroll-region";
import { ConfirmDelete, ErrorNotice, type FormTarget } from "./form-parts";
import { Hidden } from "./ontology-fields";
import type { ActionError } from "~/graph-admin/types";

/** Links that open and close a row's editor: the editor is part of the URL (?edit=class-12), so it works without JavaScript. */
function useEditLinks() {
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

/** A form posting one intent for one row (or, for an add, the ontology), its refusal above it. */
function IntentForm({
  intent,
  id,
  result,
  submit,
  submitTestId,
  children,
}: {
  intent: string;
  id: number;
  result?: ActionError | null;
  submit: string;
  submitTestId?: string;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="body" preventScrollReset>
      <Hidden intent={intent} id={id} />
      <ErrorNotice result={result} target={`${intent}:${id}`} />
      {children}
      <Button type="submit" size="xs" mt="xs" data-testid={submitTestId}>
        {submit}
      </Button>
    </Form>
  );
}

/** The row a URL opens: ?edit=class-12. */
const EDIT_KEYS = { Class: "class", RelationType: "relation", EventType: "event" } as const;

/** One kind of the ontology as rows: what the row edits and how (`kind` names its intents). */
export interface KindRows<R extends { id: number }> {
  /** createClass, updateClass, deleteClass… are `${verb}${kind}`. */
  kind: "Class" | "RelationType" | "EventType";
  title: string;
  rows: R[];
  columns: Column<R>[];
  testId: string;
  rowTestId?: (row: R) => string;
  /** The form fields of a new row, or of an existing one (`row`), in the form they post with. */
  fields: (form: FormTarget, row?: R) => ReactNode;
  /** Anything else the row's editor shows below its form (a class's properties). */
  more?: (row: R) => ReactNode;
  addTitle: string;
  editTestId?: (row: R) => string;
  saveTestId?: string;
  empty?: string;
}

/**
 * A section of the ontology editor: its title and count, an add form (a <details>), and a
 * table of rows whose editor opens under the row (?edit=…). Readers may open a row only
 * where `more` has something to show them.
 */
export function KindSection<R extends { id: number }>({
  ontologyId,
  canEdit,
  result,
  section,
}: {
  ontologyId: number;
  canEdit: boolean;
  result?: ActionError | null;
  section: KindRows<R>;
}) {
  const { t } = useTranslation("admin");
  const links = useEditLinks();
  const s = section;
  const key = (row: R) => `${EDIT_KEYS[s.kind]}-${row.id}`;
  const addTarget = `create${s.kind}:${ontologyId}`;
  const opens = canEdit || !!s.more;
  const actions: Column<R> = {
    key: "actions",
    header: t("actions.title"),
    cell: (row) => (
      <div className="ga-actions">
        <Link
          to={links.open(key(row))}
          preventScrollReset
          className="ga-link"
          data-testid={s.editTestId?.(row)}
        >
          {canEdit ? t("actions.edit") : t("actions.view")}
        </Link>
        {canEdit && <ConfirmDelete intent={`delete${s.kind}`} id={row.id} result={result} />}
      </div>
    ),
  };
  const editor = (row: R) => (
    <Stack gap="xs">
      {canEdit && (
        <IntentForm
          intent={`update${s.kind}`}
          id={row.id}
          result={result}
          submit={t("actions.save")}
          submitTestId={s.saveTestId}
        >
          {s.fields({ result, target: `update${s.kind}:${row.id}` }, row)}
        </IntentForm>
      )}
      {s.more?.(row)}
      <Link to={links.close} preventScrollReset className="ga-link">
        {t("actions.close")}
      </Link>
    </Stack>
  );
  return (
    <Paper withBorder p="md">
      <div className="ga-head">
        <Title order={2} size="h4">
          {s.title}{" "}
          <Text span c="dimmed" size="sm">
            ({s.rows.length})
          </Text>
        </Title>
        {canEdit && (
          <details className="ga-inline" open={result?.target === addTarget}>
            <summary data-testid={`open-create${s.kind}`}>＋ {s.addTitle}</summary>
            <IntentForm
              intent={`create${s.kind}`}
              id={ontologyId}
              result={result}
              submit={t("actions.add")}
              submitTestId={`submit-create${s.kind}`}
            >
              {s.fields({ result, target: addTarget })}
            </IntentForm>
          </details>
        )}
      </div>
      {/* On a phone the rows are cards; what is still wider scrolls in this named region. */}
      <ScrollRegion className="ga-scroll ga-stack" label={s.title}>
        <DataTable
          look="admin"
          frame={false}
          stack
          testId={s.testId}
          rows={s.rows}
          rowKey={(row) => row.id}
          rowTestId={s.rowTestId}
          columns={[...s.columns, opens && actions]}
          detail={(row) => (opens && links.editing === key(row) ? editor(row) : null)}
        />
        {!s.rows.length && s.empty && (
          <Text c="dimmed" size="sm" p="sm">
            {s.empty}
          </Text>
        )}
      </ScrollRegion>
    </Paper>
  );
}
