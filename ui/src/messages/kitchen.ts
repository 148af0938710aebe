// SPEC §5 and §8 words for the kitchen pages that only the UI shows (the server's own live in
// src/contract/kitchen.ts as KITCHEN_MSG).
export const KITCHEN_UI_MSG = {
  fillRequired: 'Please fill in all required fields',
  requestsLoadFailed: 'Error loading kitchen requests data',
  inventoryLoadFailed: 'Failed to load kitchen inventory data',
  minimumFailed: 'Failed to save the kitchen minimum',
  minimumHint: 'The kitchen list shows Low Stock at or below this. Leave blank for no minimum.',
  createFailed: 'Failed to create kitchen request',
  updateFailed: 'Failed to update kitchen request',
  approveFailed: 'Failed to approve kitchen request',
  rejectFailed: 'Failed to reject kitchen request',
  createError: 'Error creating kitchen request',
  updateError: 'Error updating kitchen request',
  approveError: 'Error approving kitchen request',
  rejectError: 'Error rejecting kitchen request',
  deleteFailed: 'Failed to delete request',
  deleteError: 'Error deleting request',
  fulfilFailed: 'Failed to mark request as fulfilled',
  fulfilError: 'Error fulfilling request',
  /** /requests?mine=1 (from the Chef dashboard's cards). */
  onlyMine: 'Showing only your requests.',
  showEveryone: "Show everyone's",
  /** After the spec's fulfil question: what moves. */
  fulfilWhat: (quantity: string, item: string, number: string) => `${quantity} of ${item} (${number}) go from the store to the kitchen.`,
  /** The Approve dialog: what the store holds of the item. */
  storeHolds: (quantity: string) => `The store holds ${quantity}.`,
  storeHoldsLoading: 'Reading what the store holds…',
  // The dashboard's 'New Ingredient Request' variant (SPEC §8).
  submitted: 'Request submitted successfully',
  /** The confirmation names the requests made, so the Chef can quote them to the store. */
  madeNumbers: (message: string, numbers: string[]) => `${message}: ${numbers.join(', ')}`,
  inStore: (quantity: string) => `${quantity} in store`,
  submitFailed: 'Failed to submit request',
} as const
