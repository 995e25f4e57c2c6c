import { Group, Progress, Text } from "@mantine/core";

/**
 * A 0–100 progress bar with its percentage beside it. Mantine's section carries role
 * "progressbar" and aria-valuenow, so it renders and reads without JavaScript; `label` is its
 * accessible name (required: an unnamed progress bar reads as "progress bar 40%" with no
 * hint of what progresses, axe `aria-progressbar-name`), `testId` goes on that same element
 * (tests read aria-valuenow from it).
 */
export function ProgressBar({
  value,
  label,
  color = "brand",
  testId,
}: {
  value: number;
  label: string;
  color?: string;
  testId?: string;
}) {
  const v = Math.max(0, Math.min(100, value));
  return (
    <Group gap="xs" wrap="nowrap" miw={160}>
      <Progress.Root size="lg" flex={1}>
        <Progress.Section value={v} color={color} aria-label={label} data-testid={testId} />
      </Progress.Root>
      <Text component="span" size="xs" style={{ fontVariantNumeric: "tabular-nums" }}>
        {`${v.toFixed(v % 1 ? 1 : 0)}%`}
      </Text>
    </Group>
  );
}
