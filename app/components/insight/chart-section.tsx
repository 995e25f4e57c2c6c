import type { ReactNode } from "react";
import { EChart } from "~/components/charts/chart";
import type { ChartSpec } from "~/charts/theme";
import { Empty, Section } from "~/components/kg/page";
import { ExportLink } from "./export-link";

/**
 * A statistics section: its chart (or, without one, the empty state when there is one to say),
 * the CSV download of its numbers in the header, and whatever else goes with it below the chart.
 */
export function ChartSection({
  title,
  chart,
  download,
  empty,
  testId,
  chartTestId,
  label = title,
  className,
  children,
}: {
  title: string;
  chart: ChartSpec | null;
  /** The chart's accessible name, when it is not the section's title. */
  label?: string;
  className?: string;
  download?: { href: string; label: string };
  empty?: string;
  testId?: string;
  chartTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Section
      title={title}
      extra={download && <ExportLink {...download} />}
      testId={testId}
      className={className}
    >
      {chart ? (
        <EChart spec={chart} label={label} testId={chartTestId} />
      ) : (
        empty && <Empty>{empty}</Empty>
      )}
      {children}
    </Section>
  );
}
