// SPEC §8 words of the Stock and Movements pages that only the UI says (the server's own messages
// come from src/contract/stock.ts and win whenever the server sent one).
import { MSG } from '../../../src/contract/messages'

export type StockKind = 'item' | 'category' | 'supplier'

/**
 * The two stock groups, named for what they hold so the same words count the same set on every
 * screen (dashboards, the Stock page, its Alerts tab, the Alerts page): low or out is at or below
 * the minimum (out included); expiring or expired is an expiry date within the expiring window or past.
 */
export const STOCK_GROUPS = {
  low: 'Low or out',
  expiry: 'Expiring or expired',
} as const

export const STOCK_UI = {
  loadFailed: MSG.loadFailed,
  categoriesLoadFailed: 'Failed to load categories',
  createFailed: (kind: StockKind) => `Failed to create ${kind}. Please try again.`,
  updateFailed: (kind: StockKind) => `Failed to update ${kind}. Please try again.`,
  /** The server answered but refused (success false) and sent no message. */
  deleteFailed: (kind: StockKind) => `Failed to delete ${kind}`,
  /** The call itself failed (no answer). */
  deleteError: (kind: StockKind) => `Error deleting ${kind}`,
  deleteConfirm: (kind: StockKind, name: string) => `Delete ${kind} "${name}"? This cannot be undone.`,
  countFailed: 'Failed to record stock count',
  transferFailed: 'Failed to record transfer',
  unitHint: 'e.g., kg, liters, pieces',
  costHint: 'e.g. 12.50',
  quantityHint: 'e.g. 2.5 (0 or more)',
} as const

export const MOVEMENT_UI = {
  loadFailed: 'Error loading stock movements data',
  recordFailed: 'Failed to record stock movement',
  updateFailed: 'Failed to update stock movement',
  deleteFailed: 'Failed to delete stock movement',
  recordError: 'Error creating stock movement',
  updateError: 'Error updating stock movement',
  deleteError: 'Error deleting stock movement',
  deleteConfirm: 'Delete this stock movement? The balance is reversed.',
  quantityHint: 'e.g. 2.5',
} as const
