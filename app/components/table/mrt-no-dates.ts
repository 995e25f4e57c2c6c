/**
 * What mantine-react-table's code gets for "@mantine/dates" (tsconfig.json "paths", which the
 * Remix compiler and esbuild apply to every import, the package's included; decision 029).
 * MRT names `DateInput` only in its filter input (`MRT_FilterTextInput`, for the "date" and
 * "date-range" filter variants), which the grid never renders: its filters are off
 * (`mrt-grid.tsx`: `enableFilters`, `enableColumnFilters` and `enableGlobalFilter` false; e2e
 * table-grid checks that no column menu offers a filter). Without this, @mantine/dates' inputs and
 * dayjs (about 12 KB gzip) came with the grid. The console's own day input imports
 * @mantine/dates file by file (`kg/day-input.client.tsx`), which this does not touch.
 */
export function DateInput(): never {
  throw new Error("The grid's date filter is off (decision 029).");
}
