import type { ReportType } from '../../contract/reports'
import type { Db } from '../../db/open'
import { sqlInteger } from '../../db/sql-integer'

export const insertRun = (db: Db, r: { report_type: ReportType; start_date: string; end_date: string; format: string; row_count: number; user_id: number | null; at: string }) =>
  (
    db
      .query(
        `INSERT INTO report_runs (report_type, start_date, end_date, format, row_count, user_id, created_at)
         VALUES ($report_type, $start_date, $end_date, $format, $row_count, $user_id, $at) RETURNING id`,
      )
      .get(r) as { id: number }
  ).id

export const lastRuns = (db: Db, limit: number) =>
  db
    .query(
      `SELECT r.id, r.report_type, r.start_date, r.end_date, r.format, r.row_count, u.name AS generated_by, r.created_at AS generatedAt
       FROM report_runs r LEFT JOIN users u ON u.id = r.user_id ORDER BY r.created_at DESC, r.id DESC LIMIT ${sqlInteger(limit)}`,
    )
    .all() as { id: number; report_type: ReportType; start_date: string; end_date: string; format: 'csv'; row_count: number; generated_by: string | null; generatedAt: string }[]
