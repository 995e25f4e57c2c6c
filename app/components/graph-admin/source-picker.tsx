import { Checkbox, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { Field } from "./form-parts";
import { groupDigits } from "~/utils/format";
import type { SourceOptions } from "~/graph-admin/types";

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
        <input
          type="file"
          name="upload"
          accept=".csv,.tsv,.txt,text/csv,.nt,.ttl,.jsonld,.json-ld"
          data-testid="source-upload"
        />
      </Field>
      <div className="ga-grid2">
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t("sources.files")}
          </Text>
          {files.length ? (
            <div className="ga-checks">
              {files.map((f) => (
                <label key={f.id}>
                  <input type="checkbox" name="file_ids" value={f.id} />
                  {f.filename || f.name} <small>{(f.size / 1024).toFixed(1)} KB</small>
                </label>
              ))}
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              {t("sources.noFiles")}
            </Text>
          )}
        </div>
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t("sources.sources")}
          </Text>
          {options.sources.length ? (
            <div className="ga-checks">
              {options.sources.map((s) => (
                <label key={s.id}>
                  <input type="checkbox" name="source_ids" value={s.id} />
                  {s.name}{" "}
                  <small>
                    {t("sources.sourceCounts", {
                      triples: groupDigits(s.triples),
                      files: groupDigits(s.files),
                    })}
                  </small>
                </label>
              ))}
            </div>
          ) : (
            <Text size="sm" c="dimmed">
              {t("sources.noSources")}
            </Text>
          )}
        </div>
        <div>
          <Text fw={500} size="sm" mb={4}>
            {t("sources.triples")}
          </Text>
          <div className="ga-checks">
            {options.triple_graphs
              .filter((g) => g.triples > 0)
              .map((g) => (
                <label key={g.id}>
                  <input type="checkbox" name="triple_graph_ids" value={g.id} />
                  {t("sources.triplesOf", { name: g.name })} <small>{groupDigits(g.triples)}</small>
                </label>
              ))}
            <label>
              <input type="checkbox" name="all_triples" value="on" />
              {t("sources.allTriples")} <small>{groupDigits(options.all_triples)}</small>
            </label>
          </div>
        </div>
      </div>
    </fieldset>
  );
}

export function SkipBadRows({ defaultChecked = false }: { defaultChecked?: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Checkbox
      name="skip_bad_rows"
      value="on"
      defaultChecked={defaultChecked}
      label={t("sources.skipBadRows")}
      description={t("sources.skipBadRowsHint")}
      data-testid="skip-bad-rows"
    />
  );
}
