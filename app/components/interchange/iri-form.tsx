import { Button, TextInput } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { ErrorNotice, fieldError, valueOf } from "~/components/graph-admin/form-parts";
import type { ActionError } from "~/graph-admin/types";
import { IntentForm } from "~/components/ui/intent-form";

/** The intent the form posts (the server's SAVE_IRI). */
const INTENT = "saveIri";

/**
 * The base IRI of a graph (with its label language) or of an ontology, on the page where it is
 * edited. Empty base IRI: the default, shown as the hint.
 */
export function IriForm({
  settings,
  kind,
  result,
  disabled,
  ontologyId,
}: {
  settings: { base_iri: string; default_base_iri: string; lang?: string };
  kind: "graph" | "ontology";
  result?: ActionError | null;
  disabled?: boolean;
  /** The ontology whose base IRI this is (the page's action reads it as `id`). */
  ontologyId?: number;
}) {
  const { t } = useTranslation("common");
  return (
    <IntentForm
      intent={INTENT}

      preventScrollReset
      data-testid={`${kind}-iri-form`}
      aria-label={t("interchange.iriTitle")}
    >
      {ontologyId !== undefined && <input type="hidden" name="id" value={ontologyId} />}
      <ErrorNotice result={result} target={INTENT} />
      <div className="iri-form">
        <TextInput
          name="base_iri"
          label={t("interchange.baseIri")}
          description={t(
            kind === "graph" ? "interchange.baseIriHint" : "interchange.ontologyBaseIriHint",
            { default: settings.default_base_iri },
          )}
          placeholder={settings.default_base_iri}
          defaultValue={valueOf(result, INTENT, "base_iri", settings.base_iri)}
          error={fieldError(result, INTENT, "base_iri")?.[0]}
          disabled={disabled}
          w={420}
        />
        {kind === "graph" && (
          <TextInput
            name="lang"
            label={t("interchange.lang")}
            description={t("interchange.langHint")}
            defaultValue={valueOf(result, INTENT, "lang", settings.lang)}
            error={fieldError(result, INTENT, "lang")?.[0]}
            disabled={disabled}
            w={200}
          />
        )}
        {!disabled && (
          <Button type="submit" size="xs" variant="light">
            {t("interchange.saveIri")}
          </Button>
        )}
      </div>
    </IntentForm>
  );
}
