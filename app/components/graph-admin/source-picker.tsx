import { Checkbox, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Field } from "./form-parts";
import { groupDigits } from "~/utils/format";
import type { SourceOptions } from "~/graph-admin/types";
import { CheckboxList } from "~/components/ui/checkbox-list";
import { FileDrop } from "~/components/ui/file-drop";

/**
 * The source data of a build or update: a file to upload now, files uploaded before
 * (data/files), sources (their triple data and files), triple data tagged with a graph, or
 * all triple data. Native inputs only, so it works without JavaScript.
 */
export function SourcePicker({ options, error }: { options: SourceOptions; error?: string[] }) {
  const { t } = useTranslation("admin");
  const files = options.files.filter((f) =>
    /\.(csv|tsv|txt|nt|ttl|jsonld|json-ld)$/i.test(f.filename || f.name),
  );
  return (
    <fieldset className="ga-fieldset" data-testid="source-picker">
      <legend>{t("sources.title")}</legend>
      <Field
        label={t("sources.upload")}
        hint={`${t("sources.format")} ${t("sources.rdfFormat")}`}
        error={error}
      >
        <FileDrop
          name="upload"
          accept=".csv,.tsv,.txt,text/csv,.nt,.ttl,.jsonld,.json-ld"
          label={t("sources.upload")}
          data-testid="source-upload"
        />
      </Field>
      <div className="ga-grid2">
        <CheckGroup
          title={t("sources.files")}
          name="file_ids"
          empty={t("sources.noFiles")}
          items={files.map((f) => ({
            value: f.id,
            label: f.filename || f.name,
            note: `${(f.size / 1024).toFixed(1)} KB`,
          }))}
        />
        <CheckGroup
          title={t("sources.sources")}
          name="source_ids"
          empty={t("sources.noSources")}
          items={options.sources.map((s) => ({
            value: s.id,
            label: s.name,
            note: t("sources.sourceCounts", {
              triples: groupDigits(s.triples),
              files: groupDigits(s.files),
            }),
          }))}
        />
        <CheckGroup
          title={t("sources.triples")}
          name="triple_graph_ids"
          items={options.triple_graphs
            .filter((g) => g.triples > 0)
            .map((g) => ({
              value: g.id,
              label: t("sources.triplesOf", { name: g.name }),
              note: groupDigits(g.triples),
            }))}
        >
          <label>
            <input type="checkbox" name="all_triples" value="on" />
            {t("sources.allTriples")} <small>{groupDigits(options.all_triples)}</small>
          </label>
        </CheckGroup>
      </div>
    </fieldset>
  );
}

/** A titled list of checkboxes sharing one name (or what to say when there is nothing to pick). */
function CheckGroup({
  title,
  name,
  items,
  empty,
  children,
}: {
  title: string;
  name: string;
  items: { value: number; label: string; note: string }[];
  empty?: string;
  children?: React.ReactNode;
}) {
  return (
    <div>
      <Text fw={500} size="sm" mb={4}>
        {title}
      </Text>
      {items.length || children ? (
        <div className="ga-checks">
          <CheckboxList
            name={name}
            options={items.map((item) => ({
              value: item.value,
              label: (
                <>
                  {item.label} <small>{item.note}</small>
                </>
              ),
            }))}
          />
          {children}
        </div>
      ) : (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
    </div>
  );
}

export function SkipBadRows({ defaultChecked = false }: { defaultChecked?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Checkbox
      name="skip_bad_rows"
      value="on"
      defaultChecked={defaultChecked}
      // The form's other choices are 14 px text: the theme's element size would make it 24 px.
      size="sm"
      label={t("sources.skipBadRows")}
      description={t("sources.skipBadRowsHint")}
      data-testid="skip-bad-rows"
    />
  );
}
