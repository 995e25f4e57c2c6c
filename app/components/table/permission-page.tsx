import { Alert } from "@mantine/core/esm/components/Alert/Alert.mjs";
import { Paper } from "@mantine/core/esm/components/Paper/Paper.mjs";
import { Stack } from "@mantine/core/esm/components/Stack/Stack.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";
import { Title } from "@mantine/core/esm/components/Title/Title.mjs";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PermissionPageData } from "~/table/data";
import { KeptChoices } from "./kept-choices";
import { PermissionMatrix } from "./permission-matrix";
import { SubmitButton } from "~/components/ui/submit-button";
import { IntentForm } from "~/components/ui/intent-form";
import { CheckboxList } from "~/components/ui/checkbox-list";

/** Access control: pick a group, tick its members and permissions, save (one plain form). */
const PLAIN_FIELDSET = { border: 0, padding: 0, margin: 0 };

export function PermissionPage() {
  const d = useLoaderData<PermissionPageData>();
  const { t } = useTranslation("table");
  const { t: tc } = useTranslation();
  const g = d.group;
  const membersLocked = d.lockedFields.includes("members");
  return (
    <Stack gap="sm">
      <Title order={1} size="h3">
        {tc("nav.permission")}
      </Title>
      {d.error && (
        <Alert color="red" role="alert" data-testid="table-error">
          {d.error}
        </Alert>
      )}
      <div className="rt-perm">
        <Paper withBorder p="xs">
          <Text size="sm" fw={600} mb={6}>
            {t("permission.groups")}
          </Text>
          <nav className="rt-groups" aria-label={t("permission.groups")}>
            {d.groups.map((x) => (
              <Link
                key={x.id}
                to={`?group=${x.id}`}
                aria-current={g?.id === x.id ? "page" : undefined}
                preventScrollReset
              >
                {x.name}
              </Link>
            ))}
            {!d.groups.length && (
              <Text size="sm" c="dimmed">
                {t("permission.noGroups")}
              </Text>
            )}
          </nav>
        </Paper>
        {g && (
          <Paper withBorder p="md" className="main" key={g.id}>
            <IntentForm intent="save" preventScrollReset data-testid="permission-form">
              <input type="hidden" name="group" value={g.id} />
              <Title order={2} size="h4" mb="sm">
                {g.name}
              </Title>
              {d.lockedMessage && (
                <Alert color="gray" mb="sm" data-testid="permission-locked">
                  {d.lockedMessage}
                </Alert>
              )}
              {/* Two groups, each named by its legend; disabled as a whole for a reader. */}
              <fieldset disabled={!d.canUpdate} style={PLAIN_FIELDSET}>
                <Text component="legend" size="sm" fw={600} mb={6} p={0}>
                  {t("permission.members")}
                </Text>
                {!membersLocked && <input type="hidden" name="members" value="" />}
                {!membersLocked && (
                  <KeptChoices name="members" options={d.users} chosen={g.members} />
                )}
                <div className="rt-members" data-testid="members">
                  <CheckboxList
                    name="members"
                    options={d.users.map((u) => ({ ...u, value: u.key }))}
                    checked={g.members}
                    disabled={membersLocked}
                    inputClassName="rt-check"
                  />
                </div>
              </fieldset>
              <fieldset
                disabled={!d.canUpdate}
                style={{ ...PLAIN_FIELDSET, marginTop: "var(--mantine-spacing-md)" }}
              >
                <Text component="legend" size="sm" fw={600} mb={6} p={0}>
                  {t("permission.matrix")}
                </Text>
                <PermissionMatrix
                  name="permissions"
                  options={d.permissions}
                  chosen={g.permissions}
                  disabled={d.lockedFields.includes("permissions")}
                />
              </fieldset>
              {d.canUpdate && (
                <SubmitButton mt="md" testId="permission-save">
                  {t("permission.save")}
                </SubmitButton>
              )}
            </IntentForm>
          </Paper>
        )}
      </div>
    </Stack>
  );
}
