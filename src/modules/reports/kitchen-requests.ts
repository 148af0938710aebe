import { iterate } from '../../db/rows'
import { fromCents } from '../../contract/fixed'
import { col, hours, localStamper, type ReportDefinition } from './report'

const REQUESTS_SQL = `SELECT k.request_number, k.requested_at, i.name AS item, i.unit, chef.name AS chef, k.priority, k.status,
    k.quantity_requested, k.quantity_approved, k.approved_at, k.rejected_at, k.fulfilled_at, reviewer.name AS reviewer, k.remarks, k.review_remarks
  FROM kitchen_requests k JOIN items i ON i.id = k.item_id JOIN users chef ON chef.id = k.chef_id
  LEFT JOIN users reviewer ON reviewer.id = coalesce(k.approved_by, k.rejected_by)
  WHERE k.requested_at >= $from AND k.requested_at < $to ORDER BY k.requested_at, k.id`

export const kitchenRequests: ReportDefinition = {
  type: 'kitchen-requests',
  columns: [
    col('request_number', 'Request #'),
    col('requested_at', 'Requested At'),
    col('item', 'Item'),
    col('unit', 'Unit'),
    col('chef', 'Chef'),
    col('priority', 'Priority'),
    col('status', 'Status'),
    col('quantity_requested', 'Qty Requested', 'qty'),
    col('quantity_approved', 'Qty Approved', 'qty'),
    col('reviewed_by', 'Reviewed By'),
    col('reviewed_at', 'Reviewed At'),
    col('approval_hours', 'Hours to Approve/Reject', 'number'),
    col('fulfilled_at', 'Fulfilled At'),
    col('fulfilment_hours', 'Hours Approval to Fulfilment', 'number'),
    col('remarks', 'Remarks'),
    col('review_remarks', 'Review Remarks'),
  ],
  rows(db, r) {
    const stamp = localStamper(r.zone)
    return iterate(db, REQUESTS_SQL, { from: r.from, to: r.to }, (k: any) => {
      const reviewed = k.approved_at ?? k.rejected_at
      return {
        request_number: k.request_number,
        requested_at: stamp(k.requested_at),
        item: k.item,
        unit: k.unit,
        chef: k.chef,
        priority: k.priority,
        status: k.status,
        quantity_requested: fromCents(k.quantity_requested),
        quantity_approved: k.quantity_approved === null ? null : fromCents(k.quantity_approved),
        reviewed_by: k.reviewer,
        reviewed_at: stamp(reviewed),
        approval_hours: hours(k.requested_at, reviewed),
        fulfilled_at: stamp(k.fulfilled_at),
        fulfilment_hours: hours(k.approved_at, k.fulfilled_at),
        remarks: k.remarks,
        review_remarks: k.review_remarks,
      }
    })
  },
  totals(rows) {
    const avg = (key: string) => {
      const xs = rows.map((r) => r[key]).filter((x): x is number => typeof x === 'number')
      return xs.length ? Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 100) / 100 : 0
    }
    const by = (s: string) => rows.filter((r) => r.status === s).length
    return { requests: rows.length, pending: by('PENDING'), approved: by('APPROVED'), rejected: by('REJECTED'), fulfilled: by('FULFILLED'), average_approval_hours: avg('approval_hours'), average_fulfilment_hours: avg('fulfilment_hours') }
  },
}
