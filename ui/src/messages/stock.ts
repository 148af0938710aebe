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
  /** Every stock toast names the item and its new balance. */
  inStoreNow: (item: string, quantity: string) => `${item}: ${quantity} in store now.`,
  storeAndKitchenNow: (item: string, store: string, kitchen: string) => `${item}: ${store} in store, ${kitchen} in the kitchen now.`,
  /** The Return-to-store sheet: what the kitchen holds (that is what can come back). */
  kitchenHolds: (item: string, quantity: string) => `${item}: ${quantity} in the kitchen.`,
  kitchenHoldsLoading: (item: string) => `${item}: reading what the kitchen holds…`,
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
  /** On the toast after a movement is recorded (10 s). */
  undo: 'Undo',
  undone: (message: string) => `Undone: ${message}`,
  /** The second submit: records and keeps the sheet open for the next line of a delivery. */
  saveAndAddAnother: 'Save and add another',
} as const
