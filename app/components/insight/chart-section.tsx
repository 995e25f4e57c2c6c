import type { ReactNode } from "react";
import { EChart } from "~/components/charts/chart";
import type { ChartSpec } from "~/charts/theme";
import { Empty, Section } from "~/components/kg/page";
import { ExportLink } from "./export-link";

/**
 * A statistics section: its chart (or, without one, the empty state), the CSV download of
 * its numbers in the header, and whatever else goes with it below the chart.
 */
export function ChartSection({
  title,
  chart,
  download,
  empty,
  testId,
  chartTestId,
  children,
}: {
  title: string;
  chart: ChartSpec | null;
  download?: { href: string; label: string };
  empty?: string;
  testId?: string;
  chartTestId?: string;
  children?: ReactNode;
}) {
  return (
    <Section title={title} extra={download && <ExportLink {...download} />} testId={testId}>
      {chart ? <EChart spec={chart} label={title} testId={chartTestId} /> : <Empty>{empty}</Empty>}
      {children}
    </Section>
  );
}
