import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Button } from "@mantine/core/esm/components/Button/Button.mjs";
import { Paper } from "@mantine/core/esm/components/Paper/Paper.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { Outlet, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TableData } from "~/table/data";
import { ResourceTable } from "./resource-table";
import { screens } from "~/table/registry";
import { IntentForm } from "~/components/ui/intent-form";
import { CheckboxList } from "~/components/ui/checkbox-list";

/** Spec §3 global config: the feature flags as switches, one plain form (configs screen). */
function FeatureFlags({ flags, here }: { flags: NonNullable<TableData["flags"]>; here: string }) {
  const { t } = useTranslation("table");
  if (!flags.length) return null;
  return (
    <Paper withBorder p="sm" data-testid="feature-flags">
      <IntentForm intent="flags" className="rt-flags" preventScrollReset>
        <input type="hidden" name="redirectTo" value={here} />
        <Text fw={600} size="sm">
          {t("flags.title")}
        </Text>
        <CheckboxList
          name="flag"
          options={flags.map((f) => ({
            value: f.key,
            title: f.label,
            on: f.on,
            label: (
              <>
                {f.label} <code>{f.key}</code>
              </>
            ),
          }))}
          inputClassName="rt-check"
        />
        <Button type="submit" size="xs" variant="light">
          {t("flags.save")}
        </Button>
      </IntentForm>
    </Paper>
  );
}

/**
 * A table screen: its title, the spec §8 message when loading failed, the table, and its dialogs.
 * A dialog (a child route) comes right after the title, before the table: on screen it is fixed
 * over the table either way, and without JavaScript the keyboard and a screen reader reach its
 * form first instead of after every control of the table.
 */
export function ResourceTablePage() {
  const d = useLoaderData<TableData>();
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const screen = screens[d.screen];
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {t(screen.title)}
      </Title>
      <Outlet />
      {d.error && (
        <Alert color="red" role="alert" data-testid="table-error">
          {d.error}
        </Alert>
      )}
      {d.flags && <FeatureFlags flags={d.flags} here={`${pathname}${search}`} />}
      {d.schema && (
        <ResourceTable
          screen={screen}
          schema={d.schema}
          rows={d.rows}
          count={d.count}
          state={d.state}
          pageSeek={d.pageSeek}
          hidden={d.hidden}
          grid={d.grid}
        />
      )}
    </Stack>
  );
}
