import { Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { num } from "./bits";
import type { GraphCard } from "./types";

/** For the routes whose graph id is optional: choose the graph first. */
export function GraphPicker({
  graphs,
  hrefOf,
  title,
}: {
  graphs: GraphCard[];
  hrefOf: (id: number) => string;
  title: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <Stack gap="md">
      <Title order={3}>{title}</Title>
      <Text c="dimmed">{t("graph.pick")}</Text>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} data-testid="graph-picker">
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
              <span
                className="domain-tag"
                data-domain={g.domain}
                style={{ alignSelf: "flex-start" }}
              >
                {g.domain_name}
              </span>
              <Text fw={600}>{g.name}</Text>
              <Text size="xs" c="dimmed">
                {t("graph.countsLine", {
                  entities: num(g.counts.entities),
                  relations: num(g.counts.relations),
                })}
              </Text>
            </Stack>
          </Paper>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
