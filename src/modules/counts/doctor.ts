import type { DoctorCheck } from '../../db/doctor'

/**
 * `rims doctor` (issue 29): an approved count posts at most one COUNT ledger row per item (its count line), and
 * every COUNT row of a count belongs to a line of that count. A doubled row from before migration 0017 is named here.
 */
export const countLedgerCheck: DoctorCheck = {
  name: 'Stock counts',
  run(db) {
    const doubled = db
      .query(
        `SELECT m.source_id AS count_id, m.item_id, i.name, count(*) AS n, group_concat(m.id, ', ') AS ids
         FROM stock_movements m JOIN items i ON i.id = m.item_id
         WHERE m.source_type = 'COUNT' AND m.source_id IS NOT NULL
         GROUP BY m.source_id, m.item_id HAVING count(*) > 1 ORDER BY m.source_id, m.item_id`,
      )
      .all() as { count_id: number; item_id: number; name: string; n: number; ids: string }[]
    const stray = db
      .query(
        `SELECT m.id, m.source_id AS count_id, m.item_id FROM stock_movements m
         LEFT JOIN stock_counts c ON c.id = m.source_id
         LEFT JOIN stock_count_items ci ON ci.count_id = m.source_id AND ci.item_id = m.item_id
         WHERE m.source_type = 'COUNT' AND m.source_id IS NOT NULL AND (ci.count_id IS NULL OR c.status <> 'APPROVED') ORDER BY m.id`,
      )
      .all() as { id: number; count_id: number; item_id: number }[]
    return [
      ...doubled.map((d) => `count #${d.count_id}: ${d.n} COUNT ledger rows for item ${d.item_id} (${d.name}), movements ${d.ids}; a count line posts one`),
      ...stray.map((s) => `movement ${s.id}: a COUNT row for item ${s.item_id}, which approved count #${s.count_id} does not hold`),
    ]
  },
}
