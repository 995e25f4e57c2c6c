import { Stack } from "@mantine/core";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { groupDigits } from "~/utils/format";
import { ErrorNotice } from "./form-parts";
import {
  ClassFields,
  ClassProperties,
  EventTypeFields,
  RelationTypeFields,
} from "./ontology-fields";
import { KindSection } from "./ontology-section";
import type { ActionError, OntologyDetail } from "~/graph-admin/types";

export interface OntologyRights {
  create: boolean;
  update: boolean;
  remove: boolean;
}

/** One ontology as its pages show it: what it holds, what the viewer may do, the last refusal. */
export interface OntologyView {
  detail: OntologyDetail;
  rights: OntologyRights;
  result?: ActionError | null;
}

/**
 * The editor of one ontology: the class tree with properties, relation types with domain and
 * range, event types. Every change is a plain form (intent + id); deletes are confirmed in
 * place; the platform's refusals come back as the message of the form that failed.
 */
export function OntologyEditor({ detail, rights, result }: OntologyView) {
  const { t } = useTranslation("admin");
  const globalError =
    result?.error && result.target && /^delete/.test(result.target) ? result : null;
  // A new location (after a save) renders the editors afresh, so forms a save completed close again.
  const { key } = useLocation();
  const common = { ontologyId: detail.id, canEdit: rights.update, result };
  const anyClass = <span className="ga-muted">{t("schema.anyClass")}</span>;
  return (
    <Stack gap="md" data-testid="ontology-editor" key={key}>
      {globalError && <ErrorNotice result={globalError} />}
      <KindSection
        {...common}
        section={{
          kind: "Class",
          title: t("schema.classes"),
          addTitle: t("schema.addClass"),
          rows: detail.classes,
          testId: "class-tree",
          rowTestId: (c) => `class-row-${c.name}`,
          editTestId: (c) => `edit-class-${c.name}`,
          saveTestId: "save-class",
          empty: t("schema.noClasses"),
          fields: (form, c) => <ClassFields classes={detail.classes} cls={c} form={form} />,
          more: (c) => (
            <>
              <ErrorNotice result={result} target={`createProperty:${c.id}`} />
              <ClassProperties cls={c} canEdit={rights.update} result={result} />
            </>
          ),
          columns: [
            {
              key: "name",
              header: t("schema.className"),
              cell: (c) => (
                <span className="ga-tree-name">
                  <span className="ga-tree-indent">
                    {c.depth ? `${"\u3000".repeat(c.depth - 1)}└ ` : ""}
                  </span>
                  <span className="ga-dot" style={{ background: c.color || undefined }} />
                  {c.name}
                  <English text={c.label_en} />
                  {c.is_place && (
                    <span className="ga-chip muted" style={{ marginLeft: 6 }}>
                      {t("schema.place")}
                    </span>
                  )}
                </span>
              ),
            },
            {
              key: "properties",
              header: t("schema.properties"),
              cell: (c) => (
                <Chips
                  words={c.properties.map((p) => ({
                    key: p.id,
                    text: p.name,
                    title: t(`schema.datatypes.${p.datatype}`),
                  }))}
                />
              ),
            },
            {
              key: "entity_count",
              header: t("schema.entityCount"),
              cell: (c) => groupDigits(c.entity_count),
              numeric: true,
            },
          ],
        }}
      />
      <KindSection
        {...common}
        section={{
          kind: "RelationType",
          title: t("schema.relationTypes"),
          addTitle: t("schema.addRelationType"),
          rows: detail.relation_types,
          testId: "relation-types",
          rowTestId: (r) => `relation-row-${r.name}`,
          fields: (form, r) => <RelationTypeFields detail={detail} form={form} type={r} />,
          columns: [
            {
              key: "name",
              header: t("schema.relationName"),
              cell: (r) => (
                <>
                  {r.name}
                  <English text={r.label_en} />
                </>
              ),
            },
            { key: "domain", header: t("schema.domain"), cell: (r) => r.domain_class ?? anyClass },
            { key: "range", header: t("schema.range"), cell: (r) => r.range_class ?? anyClass },
            { key: "description", header: t("schema.description") },
            {
              key: "relation_count",
              header: t("schema.relationCount"),
              cell: (r) => groupDigits(r.relation_count),
              numeric: true,
            },
          ],
        }}
      />
      <KindSection
        {...common}
        section={{
          kind: "EventType",
          title: t("schema.eventTypes"),
          addTitle: t("schema.addEventType"),
          rows: detail.event_types,
          testId: "event-types",
          fields: (form, e) => <EventTypeFields form={form} type={e} />,
          columns: [
            {
              key: "name",
              header: t("schema.eventName"),
              cell: (e) => (
                <>
                  <span className="ga-dot" style={{ background: e.color || undefined }} />
                  {e.name}
                  <English text={e.label_en} />
                </>
              ),
            },
            {
              key: "triggers",
              header: t("schema.triggers"),
              cell: (e) => <Chips muted words={e.triggers.map((w) => ({ key: w, text: w }))} />,
            },
            {
              key: "roles",
              header: t("schema.roles"),
              cell: (e) => `${e.roles.subject} / ${e.roles.object}`,
            },
            {
              key: "event_count",
              header: t("schema.eventCount"),
              cell: (e) => groupDigits(e.event_count),
              numeric: true,
            },
          ],
        }}
      />
    </Stack>
  );
}

/** A term's English label after its name, when it has one. */
function English({ text }: { text: string }) {
  if (!text) return null;
  return (
    <span className="ga-muted ga-label-en" lang="en">
      {text}
    </span>
  );
}

function Chips({
  words,
  muted,
}: {
  words: { key: string | number; text: string; title?: string }[];
  muted?: boolean;
}) {
  return (
    <div className="ga-chips">
      {words.map((w) => (
        <span key={w.key} className={muted ? "ga-chip muted" : "ga-chip"} title={w.title}>
          {w.text}
        </span>
      ))}
    </div>
  );
}
