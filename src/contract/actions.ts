/**
 * The routes whose action is the path (send, cancel, approve, mark as read…). One rule for all of
 * them (`parseAction` in src/http/validate.ts): no body or `{}` is taken, and so are the route's
 * documented fields (a reason, a choice); `[]`, `null`, a string or a number is a 400.
 */
export const ACTION_ROUTES: readonly string[] = [
  'POST /api/manager/settings/backup',
  'POST /api/manager/settings/offsite/test',
  'POST /api/manager/settings/offsite/run',
  'PUT /api/alerts/:id/read',
  'PUT /api/alerts/:id/dismiss',
  'PUT /api/alerts/:id/resolve',
  'PATCH /api/kitchen-requests/:id/approve',
  'PATCH /api/kitchen-requests/:id/reject',
  'PATCH /api/kitchen-requests/:id/fulfill',
  'POST /api/stock-counts/:id/submit',
  'POST /api/stock-counts/:id/approve',
  'POST /api/stock-counts/:id/cancel',
  'POST /api/purchase-orders/:id/send',
  'POST /api/purchase-orders/:id/cancel',
  'POST /api/purchase-orders/:id/close',
]
