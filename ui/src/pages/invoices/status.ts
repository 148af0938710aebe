import type { DraftStatus } from '../../../../src/contract/invoices'
import type { BadgeTone } from '../../components/Badge'

/** How a draft's status reads and looks (the badge's word says it; the colour only repeats it). */
export const STATUS: Record<DraftStatus, { label: string; tone: BadgeTone }> = {
  READY: { label: 'Draft', tone: 'info' },
  NEEDS_REVIEW: { label: 'Needs review', tone: 'danger' },
  RECEIVED: { label: 'Received', tone: 'success' },
  DISPUTED: { label: 'Disputed', tone: 'violet' },
}
