import type { CSSProperties } from "react";
import { Group } from "@mantine/core/esm/components/Group/Group.mjs";
import { Text } from "@mantine/core/esm/components/Text/Text.mjs";

/**
 * A 0–100 progress bar with its percentage beside it: the native <progress>, which every
 * browser (a text browser too) and screen reader knows without JavaScript or ARIA. `label` is
 * its accessible name (required: an unnamed progress bar reads as "progress bar 40%" with no
 * hint of what progresses), `testId` goes on the <progress> (tests read its value).
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
      <progress
        className="kg-progress"
        max={100}
        value={v}
        aria-label={label}
        data-testid={testId}
        style={{ "--kg-progress": `var(--mantine-color-${color}-filled)` } as CSSProperties}
      />
      <Text component="span" size="xs" style={{ fontVariantNumeric: "tabular-nums" }}>
        {`${v.toFixed(v % 1 ? 1 : 0)}%`}
      </Text>
    </Group>
  );
}
