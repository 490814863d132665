import { useMemo } from 'react';
import { matchesReportQuery } from '@/domain/report';
import { useLiveQuery, useSyncEngine } from '@/client/offline';
import { toReport, type ReportRecord, type ReportsSearch } from './model';

export const PAGE_SIZE = 20;

export interface ReportListView {
  /** undefined while IndexedDB loads. */
  items: ReportRecord[] | undefined;
  total: number;
  pages: number;
  page: number;
  /** All reports on the device (for the author filter). */
  all: ReportRecord[];
}

/** Every report on this device, newest report date first (deleted rows left out). */
export function useAllReports(): ReportRecord[] | undefined {
  const engine = useSyncEngine();
  const rows = useLiveQuery(() => engine.db.reports.toArray(), [engine]);
  return useMemo(
    () =>
      rows === undefined
        ? undefined
        : rows
            .filter((row) => !row.deletedAt)
            .map(toReport)
            .sort(
              (a, b) =>
                b.reportDate.localeCompare(a.reportDate) ||
                (b.createdAt ?? '').localeCompare(a.createdAt ?? ''),
            ),
    [rows],
  );
}

/** The filtered, paged list the screen shows (filters as the API's, over the device mirror). */
export function useReportList(search: ReportsSearch): ReportListView {
  const all = useAllReports();
  return useMemo(() => {
    if (!all) return { items: undefined, total: 0, pages: 1, page: 1, all: [] };
    const query = {
      status: search.status,
      excavator: search.excavator,
      author: search.author,
      from: search.from,
      to: search.to,
      q: search.q,
    };
    const matching = all.filter((r) => matchesReportQuery(r, query));
    const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
    const page = Math.min(search.page ?? 1, pages);
    return {
      items: matching.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE),
      total: matching.length,
      pages,
      page,
      all,
    };
  }, [all, search.status, search.excavator, search.author, search.from, search.to, search.q, search.page]);
}

export interface ExcavatorInfo {
  id: string;
  name: string;
  model: string;
  serialNumber: string;
}

/** The excavators of the device mirror by id (names for list rows, PDFs of reports made offline). */
export function useExcavatorMap(): ReadonlyMap<string, ExcavatorInfo> {
  const engine = useSyncEngine();
  const rows = useLiveQuery(() => engine.db.excavators.toArray(), [engine]);
  return useMemo(
    () =>
      new Map(
        (rows ?? []).map((row) => [
          row.id,
          {
            id: row.id,
            name: typeof row.name === 'string' ? row.name : row.id,
            model: typeof row.model === 'string' ? row.model : '',
            serialNumber: typeof row.serialNumber === 'string' ? row.serialNumber : '',
          },
        ]),
      ),
    [rows],
  );
}

/** The machine a report is about: the server's copy on the report, else the mirror's. */
export function reportExcavator(
  report: ReportRecord,
  excavators: ReadonlyMap<string, ExcavatorInfo>,
): ExcavatorInfo | null {
  return report.excavator ?? excavators.get(report.excavatorId) ?? null;
}
