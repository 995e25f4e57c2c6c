import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ChartSpec } from "~/charts/theme";
import { EChart } from "~/components/charts/chart";
import { HOT_TREND_LINES, HOT_WINDOWS } from "~/kg/limits";
import { Empty, PageTitle, Section } from "./page";
import { WindowSwitch } from "./window-switch";

/**
 * A hot ranking page (events, entities): the title with the graph and the window's days, the
 * window switch (links: a week, a month, a year), the page's own filters, then the trend of
 * the top rows and the ranking itself, or one empty state.
 */
export function HotRankingPage({
  title,
  testId,
  graphName,
  days,
  ranking,
  trend,
  weekly,
  filters,
  children,
}: {
  title: string;
  testId: string;
  graphName: string;
  days: number;
  ranking: { start: string | null; end: string | null; results: unknown[] };
  trend: ChartSpec;
  weekly: boolean;
  filters?: ReactNode;
  /** The ranking's rows. */
  children: ReactNode;
}) {
  const { t } = useTranslation("kg");
  // The heading and the chart's name count the lines the chart draws: the top rows, at most
  // HOT_TREND_LINES (a week may rank a single event).
  const lines = Math.min(HOT_TREND_LINES, ranking.results.length);
  const trendTitle = lines === 1 ? t("hot.trendFirst") : t("hot.trendTop", { count: lines });
  return (
    <div className="kg-page" data-testid={testId}>
      <PageTitle
        title={title}
        sub={
          <>
            <span>{graphName}</span>
            {ranking.start && (
              <span>{t("hot.window", { start: ranking.start, end: ranking.end })}</span>
            )}
          </>
        }
      >
        <WindowSwitch
          windows={HOT_WINDOWS}
          days={days}
          fallback={7}
          label={t("hot.windowLabel")}
          name={(d) => t(`hot.days${d}`)}
        />
      </PageTitle>
      {filters}
      {ranking.results.length === 0 ? (
        <Section title={t("hot.ranking")}>
          <Empty>{t("hot.none")}</Empty>
        </Section>
      ) : (
        <>
          <Section
            title={trendTitle}
            testId="hot-trend"
            extra={<span className="muted">{weekly ? t("hot.byWeek") : t("hot.byDay")}</span>}
          >
            <EChart spec={trend} label={trendTitle} testId="trend-chart" />
          </Section>
          <Section title={t("hot.ranking")} testId="hot-ranking">
            {children}
          </Section>
        </>
      )}
    </div>
  );
}
