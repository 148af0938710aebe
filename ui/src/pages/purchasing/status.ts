import type { PoStatus } from '../../../../src/contract/purchasing'
import type { BadgeTone } from '../../components/Badge'

/** How an order's status reads and looks. */
export const STATUS: Record<PoStatus, { label: string; tone: BadgeTone }> = {
  DRAFT: { label: 'Draft', tone: 'neutral' },
  SENT: { label: 'Sent', tone: 'info' },
  PARTIALLY_RECEIVED: { label: 'Partly received', tone: 'warning' },
  RECEIVED: { label: 'Received', tone: 'success' },
  CANCELLED: { label: 'Cancelled', tone: 'danger' },
  CLOSED: { label: 'Closed', tone: 'violet' },
}
