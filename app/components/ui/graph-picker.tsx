import { Paper } from "@mantine/core/esm/components/Paper/Paper.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { thousands } from "~/utils/format";

export interface GraphChoice {
  id: number;
  name: string;
  /** Shown on a card (pages that need a graph first) when given. */
  domain?: string;
  domain_name?: string;
  counts?: { entities: number; relations: number };
}

/** A page whose graph is part of its path: it asks for the graph first, one link per graph. */
interface ChooseFirst {
  graphs: GraphChoice[];
  hrefOf: (id: number) => string;
  title: string;
}

/** A page whose graph is its `graph` query parameter, beside the page's other parameters. */
interface FilterBy {
  graphs: GraphChoice[];
  value: number | null;
  allowAll?: boolean;
  /** The page's other parameters, kept as hidden fields. */
  keep?: Record<string, string | number | null | undefined>;
  /** More fields of the same form. */
  children?: ReactNode;
}

/**
 * The one graph picker: cards linking to each graph's page, or a plain GET form with a select.
 * Both are links and forms, so they work without JavaScript.
 */
export function GraphPicker(props: ChooseFirst | FilterBy) {
  return "hrefOf" in props ? <GraphCards {...props} /> : <GraphForm {...props} />;
}

function GraphCards({ graphs, hrefOf, title }: ChooseFirst) {
  const { t } = useTranslation();
  return (
    <Stack gap="md">
      <Title order={1} size="h3">
        {title}
      </Title>
      <Text c="dimmed">{t("graphPicker.pick")}</Text>
      <div className="kg-grid sm-2 md-3" data-testid="graph-picker">
        {graphs.map((g) => (
          <Paper
            key={g.id}
            component={Link}
            to={hrefOf(g.id)}
            withBorder
            p="md"
            style={{ textDecoration: "none", color: "inherit" }}
          >
            <Stack gap={4}>
              {g.domain_name && (
                <span
                  className="domain-tag"
                  data-domain={g.domain}
                  style={{ alignSelf: "flex-start" }}
                >
                  {g.domain_name}
                </span>
              )}
              <Text fw={600}>{g.name}</Text>
              {g.counts && (
                <Text size="xs" c="dimmed">
                  {t("graphPicker.counts", {
                    entities: thousands(g.counts.entities),
                    relations: thousands(g.counts.relations),
                  })}
                </Text>
              )}
            </Stack>
          </Paper>
        ))}
      </div>
    </Stack>
  );
}

function GraphForm({ graphs, value, allowAll, keep = {}, children }: FilterBy) {
  const { t } = useTranslation();
  return (
    <Form method="get" className="kg-form" data-testid="graph-picker">
      {Object.entries(keep).map(([k, v]) =>
        v === undefined || v === null || v === "" ? null : (
          <input key={k} type="hidden" name={k} value={v} />
        ),
      )}
      <label>
        {t("graphPicker.graph")}
        <select name="graph" defaultValue={value ?? ""}>
          {allowAll && <option value="">{t("graphPicker.all")}</option>}
          {graphs.map((g) => (
            <option key={g.id} value={g.id}>
              {g.name}
            </option>
          ))}
        </select>
      </label>
      {children}
      <button type="submit">{t("graphPicker.apply")}</button>
    </Form>
  );
}
